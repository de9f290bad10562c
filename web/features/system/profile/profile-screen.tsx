import { CalendarIcon, MailIcon, NetworkIcon, PhoneIcon, ShieldIcon, UserIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { ScreenFailure } from "@/components/screen-error";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ProfileScreenData } from "@/lib/api/types";
import { loadScreen } from "@/lib/session";
import { parseTime } from "@/lib/time";
import { AvatarEditor } from "./avatar-editor";
import { ProfileTabs } from "./profile-tabs";

/** 个人中心: one's details, the avatar (cropped square before upload), the info form and the password form. */
export async function ProfileScreen() {
  const t = await getTranslations("profile");
  const result = await loadScreen<ProfileScreenData>("/bff/screens/user/profile");
  if (!result.ok) return <ScreenFailure result={result} />;
  const { user, roleGroup, postGroup, dicts } = result.data;
  const dept = [user.dept?.deptName, postGroup].filter(Boolean).join(" / ");
  const rows = [
    { key: "userName", icon: UserIcon, value: user.userName },
    { key: "phonenumber", icon: PhoneIcon, value: user.phonenumber },
    { key: "email", icon: MailIcon, value: user.email },
    { key: "dept", icon: NetworkIcon, value: dept },
    { key: "roles", icon: ShieldIcon, value: roleGroup },
    { key: "createTime", icon: CalendarIcon, value: parseTime(user.createTime) },
  ] as const;

  return (
    <div data-testid="profile" className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>{t("info")}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <AvatarEditor avatar={user.avatar ?? ""} name={user.nickName || user.userName} />
          <ul className="divide-y text-sm">
            {rows.map(({ key, icon: Icon, value }) => (
              <li key={key} className="flex items-center gap-2 py-2.5">
                <Icon className="size-4 text-muted-foreground" />
                {t(key)}
                <span data-testid={`profile-${key}`} className="ml-auto text-right text-muted-foreground">
                  {value || "-"}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("basic")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ProfileTabs user={user} dicts={dicts} />
        </CardContent>
      </Card>
    </div>
  );
}

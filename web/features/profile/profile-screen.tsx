import { CalendarIcon, MailIcon, NetworkIcon, PhoneIcon, ShieldIcon, UserIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { SessionData } from "@/lib/api/types";
import { parseTime } from "@/lib/time";
import { isHttp } from "@/lib/validate";

/** Personal center: the operator's details from the session; editing arrives with the system screens. */
export async function ProfileScreen({ session }: { session: SessionData }) {
  const t = await getTranslations("profile");
  const { user } = session;
  const name = user.nickName || user.userName;
  const rows = [
    { key: "userName", icon: UserIcon, value: user.userName },
    { key: "phonenumber", icon: PhoneIcon, value: user.phonenumber },
    { key: "email", icon: MailIcon, value: user.email },
    { key: "dept", icon: NetworkIcon, value: user.dept?.deptName },
    { key: "roles", icon: ShieldIcon, value: session.roles.join(", ") },
    { key: "createTime", icon: CalendarIcon, value: parseTime(user.createTime) },
  ] as const;

  return (
    <div data-testid="profile" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>{t("info")}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Avatar className="mx-auto size-24 rounded-full">
            {isHttp(user.avatar) && <AvatarImage src={user.avatar ?? undefined} alt={name} />}
            <AvatarFallback className="text-3xl">{name.slice(0, 1).toUpperCase()}</AvatarFallback>
          </Avatar>
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
          <Tabs defaultValue="info">
            <TabsList>
              <TabsTrigger value="info">{t("basic")}</TabsTrigger>
              <TabsTrigger value="password">{t("password")}</TabsTrigger>
            </TabsList>
            <TabsContent value="info" className="py-6 text-sm text-muted-foreground">
              {t("notBuilt")}
            </TabsContent>
            <TabsContent value="password" className="py-6 text-sm text-muted-foreground">
              {t("notBuilt")}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}

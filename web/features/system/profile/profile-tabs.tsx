"use client";

import { useTranslations } from "next-intl";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { Dicts, UserDetail } from "@/lib/api/types";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";

export function ProfileTabs({ user, dicts }: { user: UserDetail; dicts: Dicts }) {
  const t = useTranslations("profile");
  return (
    <Tabs defaultValue="info">
      <TabsList>
        <TabsTrigger value="info" data-testid="profile-tab-info">
          {t("basic")}
        </TabsTrigger>
        <TabsTrigger value="password" data-testid="profile-tab-password">
          {t("password")}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="info" className="py-4">
        <ProfileForm user={user} dicts={dicts} />
      </TabsContent>
      <TabsContent value="password" className="py-4">
        <PasswordForm />
      </TabsContent>
    </Tabs>
  );
}

"use client";

import { SaveIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ImageUpload } from "@/components/upload/image-upload";
import { core, done } from "@/lib/api/core";
import { infoBody, type ShopInfo, type ShopInfoForm, toInfoForm } from "./shop-info-logic";

/**
 * A shop's info page (店铺详情, hidden view mall/shop/info): what the shop shows its customers, saved with
 * POST /admin/mall/shop/update_info. The rate, area and states are shown, changed only by operators on the
 * shops list.
 */
export function ShopInfoEditor({ info }: { info: ShopInfo }) {
  const t = useTranslations("shopInfo");
  const [form, setForm] = useState<ShopInfoForm>(() => toInfoForm(info));
  const [saving, setSaving] = useState(false);

  const set = (name: keyof ShopInfoForm) => (value: string) => setForm({ ...form, [name]: value });
  const save = async () => {
    const body = infoBody(info.id, form);
    if (typeof body === "string") return void toast.error(t(body));
    setSaving(true);
    if (await done(core.POST("/admin/mall/shop/update_info", { body }))) toast.success(t("saved"));
    setSaving(false);
  };

  const text = (name: keyof ShopInfoForm, max: number) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`shop-${name}`}>{t(`field.${name}`)}</Label>
      <Input id={`shop-${name}`} data-testid={`shop-info-${name}`} value={form[name]} maxLength={max} onChange={(e) => set(name)(e.target.value)} />
    </div>
  );

  return (
    <Card data-testid="shop-info">
      <CardHeader>
        <CardTitle>{t("title", { name: info.name })}</CardTitle>
        <p className="text-muted-foreground text-sm" data-testid="shop-info-facts">
          {t("facts", { id: info.id, area: info.areaCodePath || info.areaCode || "—", rate: info.rateBp, percent: (info.rateBp / 100).toFixed(2) })}
        </p>
      </CardHeader>
      <CardContent className="grid max-w-3xl gap-4 md:grid-cols-2">
        {text("name", 64)}
        {text("contact", 32)}
        {text("phone", 20)}
        {text("address", 200)}
        {text("lng", 12)}
        {text("lat", 12)}
        <div className="flex flex-col gap-1.5 md:col-span-2">
          <Label>{t("field.logo")}</Label>
          <ImageUpload value={form.logo} onChange={set("logo")} limit={1} testId="shop-info-logo" />
        </div>
        <div className="flex flex-col gap-1.5 md:col-span-2">
          <Label htmlFor="shop-intro">{t("field.intro")}</Label>
          <Textarea id="shop-intro" data-testid="shop-info-intro" value={form.intro} maxLength={2000} onChange={(e) => set("intro")(e.target.value)} />
        </div>
        <Authorized perms="mall:shop:edit">
          <div>
            <Button data-testid="shop-info-save" disabled={saving} onClick={() => void save()}>
              <SaveIcon />
              {t("save")}
            </Button>
          </div>
        </Authorized>
      </CardContent>
    </Card>
  );
}

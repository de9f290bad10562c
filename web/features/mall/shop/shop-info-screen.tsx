"use client";

import { SaveIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ImageUpload } from "@/components/upload/image-upload";
import { request, RequestError } from "@/lib/request";
import { infoBody, type ShopInfo, type ShopInfoForm, toInfoForm } from "./shop-info-logic";

/**
 * A shop's info page (店铺详情, hidden view mall/shop/info): what the shop shows its customers, saved with
 * POST /admin/mall/shop/update_info. A shop account opens its own shop without an id; the rate, area and
 * states are shown, changed only by operators on the shops list.
 */
export function ShopInfoScreen({ id }: { id?: string }) {
  const t = useTranslations("shopInfo");
  const [info, setInfo] = useState<ShopInfo | null>(null);
  const [form, setForm] = useState<ShopInfoForm | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void (async () => {
      try {
        const answer = await request<ShopInfo>("api/admin/mall/shop/info_page", { params: id ? { id } : {} });
        if (answer.data) {
          setInfo(answer.data);
          setForm(toInfoForm(answer.data));
        }
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
      }
    })();
  }, [id]);

  if (!info || !form) return <div className="text-muted-foreground p-4 text-sm">{t("loading")}</div>;

  const set = (name: keyof ShopInfoForm) => (value: string) => setForm({ ...form, [name]: value });
  const save = async () => {
    const body = infoBody(info.id, form);
    if (typeof body === "string") return void toast.error(t(body));
    setSaving(true);
    try {
      await request("api/admin/mall/shop/update_info", { method: "POST", data: body });
      toast.success(t("saved"));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setSaving(false);
    }
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

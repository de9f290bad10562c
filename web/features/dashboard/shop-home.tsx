import { AlertTriangleIcon, PackageIcon, ReceiptTextIcon, TruckIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ShopHomeData } from "@/lib/api/types";
import { fenToYuan } from "@/lib/money";
import { FigureCard } from "./figure-card";
import { shopHomeLinks } from "./shop-home-logic";

const ICONS = { ordersToday: ReceiptTextIcon, toShip: TruckIcon, afterSalesOpen: AlertTriangleIcon, lowStock: PackageIcon } as const;

/** A shop account's home (issue 28 §1): its shop's figures of the day, each a link to the list it counts. */
export async function ShopHome({ data }: { data: ShopHomeData }) {
  const t = await getTranslations("dashboard.shopHome");
  const links = shopHomeLinks(data);
  const notes: Partial<Record<keyof typeof ICONS, string>> = {
    ordersToday: t("paidToday", { amount: fenToYuan(data.paidFenToday, { grouped: true }) }),
    lowStock: t("lowStockHint", { threshold: data.lowStockThreshold }),
  };
  return (
    <section data-testid="shop-home" aria-labelledby="shop-home-title" className="flex flex-col gap-4">
      <h2 id="shop-home-title" className="text-lg font-semibold">
        {t("title", { shop: data.shopName })}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {links.map(({ key, href }) => (
          <Link key={key} href={href} data-testid={`shop-home-${key}`} aria-label={`${t(key)} ${data[key]}, ${t("open")}`} className="rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
            <FigureCard
              className="h-full transition-colors hover:bg-accent"
              icon={ICONS[key]}
              label={t(key)}
              value={data[key]}
              valueTestId="shop-home-value"
              note={notes[key]}
              noteTestId="shop-home-note"
            />
          </Link>
        ))}
      </div>
    </section>
  );
}

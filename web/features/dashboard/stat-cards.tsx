import { KeyRoundIcon, NetworkIcon, UserCheckIcon, UsersIcon, WifiIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import type { DashboardData } from "@/lib/api/types";
import { FigureCard } from "./figure-card";

const CARDS = [
  { key: "userTotal", icon: UsersIcon },
  { key: "userEnabled", icon: UserCheckIcon },
  { key: "roleTotal", icon: KeyRoundIcon },
  { key: "deptTotal", icon: NetworkIcon },
  { key: "onlineSessions", icon: WifiIcon },
] as const;

export async function StatCards({ data }: { data: DashboardData }) {
  const t = await getTranslations("dashboard.cards");
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
      {CARDS.map(({ key, icon: Icon }) => (
        <FigureCard key={key} data-testid={`stat-${key}`} icon={Icon} label={t(key)} value={data[key]} valueTestId="stat-value" />
      ))}
    </div>
  );
}

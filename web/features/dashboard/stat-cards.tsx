import { KeyRoundIcon, NetworkIcon, UserCheckIcon, UsersIcon, WifiIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Card, CardContent } from "@/components/ui/card";
import type { DashboardData } from "@/lib/api/types";

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
        <Card key={key} data-testid={`stat-${key}`} className="py-4">
          <CardContent className="flex items-center gap-4">
            <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" />
            </span>
            <div>
              <div className="text-sm text-muted-foreground">{t(key)}</div>
              <div data-testid="stat-value" className="text-2xl font-semibold tabular-nums">
                {data[key].toLocaleString()}
              </div>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { LoginsPerDay } from "@/lib/api/types";

/** Sign-ins per day over the last 30 days, successes and failures stacked. */
export function LoginsChart({ data }: { data: LoginsPerDay[] }) {
  const t = useTranslations("dashboard");
  const rows = data.map((day) => ({ ...day, label: day.day.slice(5) }));
  return (
    <div data-testid="logins-chart" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} fontSize={12} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
          <Tooltip labelFormatter={(_label, payload) => payload?.[0]?.payload?.day ?? ""} />
          <Legend />
          <Bar dataKey="success" name={t("success")} stackId="logins" fill="var(--primary)" />
          <Bar dataKey="failure" name={t("failure")} stackId="logins" fill="var(--destructive)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

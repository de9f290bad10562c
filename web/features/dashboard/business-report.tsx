"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DateRangePicker } from "@/components/date-range-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { today } from "@/lib/date-range";
import { answer, bff } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { type BusinessData, chartMoney, chartRows, PRESETS, presetOf, presetRange, rangeProblem } from "./business-logic";

type Totals = BusinessData["totals"];

const CARDS: { key: keyof Totals; money?: boolean; people?: boolean }[] = [
  { key: "orders" },
  { key: "paidFen", money: true },
  { key: "refundFen", money: true },
  { key: "newUsers", people: true },
  { key: "activeUsers", people: true },
  { key: "conversations", people: true },
];

/**
 * The home page's statistics report ("统计报表"): orders, paid and refunded amounts, new and active app users and
 * chat conversations per day over a chosen range, from the daily aggregates. The home screen's answer brings the
 * last 30 days; another range is read through the home screen again (GET /bff/screens/dashboard?beginTime&endTime).
 * Shop staff get their shop's figures only; the people figures are the platform's and are left out for them.
 */
export function BusinessReport({ initial }: { initial: BusinessData }) {
  const t = useTranslations("dashboard.business");
  const [now] = useState(() => today());
  const [range, setRange] = useState<[string, string]>([initial.begin, initial.end]);
  const [data, setData] = useState<BusinessData | null>(initial);
  const problem = rangeProblem(range[0], range[1]);
  const preset = presetOf(range, now);

  useEffect(() => {
    if (problem || (data?.begin === range[0] && data.end === range[1])) return;
    let live = true;
    answer(bff.GET("/bff/screens/dashboard", { params: { query: { beginTime: range[0], endTime: range[1] } } }))
      .then((out) => {
        if (live) setData(out.data.business);
      })
      .catch(() => undefined); // already told to the user by request()
    return () => {
      live = false;
    };
  }, [range, problem, data]);

  const pick = (begin: string, end: string) => setRange(begin && end ? [begin, end] : presetRange(now, 30));
  const rows = data ? chartRows(data.days) : [];
  const cards = CARDS.filter((c) => !c.people || data?.people);

  return (
    <Card data-testid="business-report" className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center gap-3">
        <CardTitle className="mr-auto">{t("title")}</CardTitle>
        <div className="flex gap-1" role="group" aria-label={t("range")}>
          {PRESETS.map((days) => (
            <Button
              key={days}
              size="sm"
              variant={preset === days ? "default" : "outline"}
              data-testid={`report-preset-${days}`}
              onClick={() => setRange(presetRange(now, days))}
            >
              {t("lastDays", { days })}
            </Button>
          ))}
        </div>
        <DateRangePicker begin={range[0]} end={range[1]} onChange={pick} testId="report-range" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        {data && (
          <>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
              {cards.map(({ key, money }) => (
                <div key={key} data-testid={`report-${key}`} className="rounded-lg border p-3">
                  <div className="text-sm text-muted-foreground">{t(`cards.${key}`)}</div>
                  <div data-testid="report-value" className="text-xl font-semibold tabular-nums">
                    {money ? `¥${fenToYuan(Number(data.totals[key] ?? 0), { grouped: true })}` : Number(data.totals[key] ?? 0).toLocaleString()}
                  </div>
                </div>
              ))}
            </div>
            <div className="grid min-w-0 gap-6 lg:grid-cols-2">
              <section className="min-w-0">
                <h3 className="mb-2 text-sm font-medium">{t("money")}</h3>
                <div data-testid="report-money-chart" data-days={rows.length} className="h-72 w-full min-w-0">
                  <ResponsiveContainer width="100%" height="100%">
                    <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                      <CartesianGrid strokeDasharray="3 3" vertical={false} />
                      <XAxis dataKey="label" tickLine={false} fontSize={12} interval="preserveStartEnd" />
                      <YAxis tickLine={false} fontSize={12} />
                      <Tooltip
                        labelFormatter={(_label, payload) => payload?.[0]?.payload?.day ?? ""}
                        formatter={(_value, _name, item) => chartMoney(item.dataKey, item.payload)}
                      />
                      <Legend />
                      <Line dataKey="paidYuan" name={t("cards.paidFen")} stroke="var(--primary)" dot={false} />
                      <Line dataKey="refundYuan" name={t("cards.refundFen")} stroke="var(--destructive)" dot={false} />
                    </LineChart>
                  </ResponsiveContainer>
                </div>
              </section>
              <section className="min-w-0">
                <h3 className="mb-2 text-sm font-medium">{data.people ? t("counts") : t("orders")}</h3>
                <div data-testid="report-count-chart" className="h-72 w-full min-w-0">
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                      <CartesianGrid strokeDasharray="3 3" vertical={false} />
                      <XAxis dataKey="label" tickLine={false} fontSize={12} interval="preserveStartEnd" />
                      <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
                      <Tooltip labelFormatter={(_label, payload) => payload?.[0]?.payload?.day ?? ""} />
                      <Legend />
                      <Bar dataKey="orders" name={t("cards.orders")} fill="var(--primary)" />
                      {data.people && (
                        <>
                          <Bar dataKey="newUsers" name={t("cards.newUsers")} fill="var(--chart-2, var(--foreground))" />
                          <Bar dataKey="activeUsers" name={t("cards.activeUsers")} fill="var(--chart-3, var(--muted-foreground))" />
                          <Bar dataKey="conversations" name={t("cards.conversations")} fill="var(--chart-4, var(--ring))" />
                        </>
                      )}
                    </BarChart>
                  </ResponsiveContainer>
                </div>
              </section>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DateRangePicker } from "@/components/date-range-picker";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { components } from "@/lib/api/bff-types";
import { answer, bff } from "@/lib/api/core";
import { today } from "@/lib/date-range";
import china from "./china-provinces.json";
import { type ChartLogin, type ChartProvinces, countsByProvince, defaultRange, rangeProblem, shadeFill, shadeStep } from "./logic";

const NAMES = china.provinces.map((p) => p.name);

/** Sign-ins per day (bars: sign-ins; line: distinct users) for the range. */
function DayChart({ data }: { data: ChartLogin }) {
  const t = useTranslations("charts");
  const rows = data.days.map((d) => ({ ...d, label: d.day.slice(5) }));
  return (
    <div data-testid="chart-days" data-total={data.loginTimes} data-days={data.days.length} className="h-72 w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} fontSize={12} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
          <Tooltip labelFormatter={(_label, payload) => payload?.[0]?.payload?.day ?? ""} />
          <Legend />
          <Bar dataKey="loginTimes" name={t("loginTimes")} fill="var(--primary)" />
          <Line dataKey="loginUsers" name={t("loginUsers")} stroke="var(--chart-2, var(--foreground))" dot={false} />
          <Bar dataKey="newUsers" name={t("newUsers")} fill="var(--chart-3, var(--muted-foreground))" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The provinces of China shaded by sign-ins; hovering one names it and its count. */
function ProvinceMap({ data }: { data: ChartProvinces }) {
  const t = useTranslations("charts");
  const counts = useMemo(() => countsByProvince(data.provinces, NAMES), [data]);
  const max = Math.max(0, ...counts.values());
  const [hover, setHover] = useState<string | null>(null);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <svg
        data-testid="chart-map"
        viewBox={`0 0 ${china.width} ${china.height}`}
        className="h-auto w-full max-w-full"
        role="img"
        aria-label={t("perProvince")}
      >
        {china.provinces.map((p) => {
          const count = counts.get(p.name) ?? 0;
          const step = shadeStep(count, max);
          return (
            <path
              key={p.name}
              d={p.d}
              data-testid={`province-${p.name}`}
              data-count={count}
              data-highlighted={step > 0 ? "true" : "false"}
              fill={shadeFill(step)}
              stroke={hover === p.name ? "var(--foreground)" : "var(--border)"}
              strokeWidth={hover === p.name ? 1.5 : 0.6}
              onMouseEnter={() => setHover(p.name)}
              onMouseLeave={() => setHover((h) => (h === p.name ? null : h))}
            >
              <title>{`${p.name}: ${count}`}</title>
            </path>
          );
        })}
        {china.provinces
          .filter((p) => counts.has(p.name))
          .map((p) => (
            <text key={p.name} x={p.cx} y={p.cy} textAnchor="middle" fontSize={20} className="pointer-events-none fill-foreground">
              {p.name}
            </text>
          ))}
      </svg>
      <p className="h-5 text-sm text-muted-foreground" data-testid="chart-map-hover">
        {hover ? t("hover", { name: hover, count: counts.get(hover) ?? 0 }) : t("mapHint")}
      </p>
    </div>
  );
}

/** The provinces with the most sign-ins, each with its cities. */
function ProvinceList({ data }: { data: ChartProvinces }) {
  const t = useTranslations("charts");
  if (data.provinces.length === 0) return <p className="text-sm text-muted-foreground">{t("empty")}</p>;
  return (
    <ol data-testid="chart-provinces" className="flex flex-col gap-1 text-sm">
      {data.provinces.slice(0, 10).map((p) => (
        <li key={p.province} className="flex flex-wrap gap-x-2">
          <span className="font-medium">{p.province}</span>
          <span className="tabular-nums">{p.count}</span>
          <span className="min-w-0 break-words text-muted-foreground">
            {p.cities
              .slice(0, 5)
              .map((c) => `${c.city} ${c.count}`)
              .join("、")}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Above the sign-in figures' list (account/chartLogin/index): sign-ins per day and per province for a
 * date range, from the live aggregates of the sign-in records (core_api/account/charts). The last 30 days come
 * with the page (GET /bff/screens/account/charts); another range is read through the same screen.
 */
export function LoginCharts({ initial }: { initial: components["schemas"]["LoginChartsScreen"] }) {
  const t = useTranslations("charts");
  const [range, setRange] = useState<[string, string]>([initial.login.begin, initial.login.end]);
  const [charts, setCharts] = useState(initial);
  const { login, provinces } = charts;
  const problem = rangeProblem(range[0], range[1]);

  useEffect(() => {
    if (problem || (login.begin === range[0] && login.end === range[1])) return;
    let live = true;
    answer(bff.GET("/bff/screens/account/charts", { params: { query: { beginTime: range[0], endTime: range[1] } } }))
      .then((out) => {
        if (live) setCharts(out.data);
      })
      .catch(() => undefined); // already told to the user by the request layer
    return () => {
      live = false;
    };
  }, [range, problem, login]);

  const pick = (begin: string, end: string) => setRange(begin && end ? [begin, end] : defaultRange(today()));

  return (
    <Card data-testid="login-charts" className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center gap-3">
        <CardTitle className="mr-auto">{t("title")}</CardTitle>
        <span className="text-sm text-muted-foreground" data-testid="chart-totals">
          {t("totals", { times: login.loginTimes, users: login.loginUsers })}
        </span>
        <DateRangePicker begin={range[0]} end={range[1]} onChange={pick} testId="chart-range" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <div className="grid min-w-0 gap-6 lg:grid-cols-2">
          <section className="min-w-0">
            <h3 className="mb-2 text-sm font-medium">{t("perDay")}</h3>
            <DayChart data={login} />
          </section>
          <section className="flex min-w-0 flex-col gap-3">
            <h3 className="text-sm font-medium">{t("perProvince")}</h3>
            <ProvinceMap data={provinces} />
            <ProvinceList data={provinces} />
          </section>
        </div>
      </CardContent>
    </Card>
  );
}

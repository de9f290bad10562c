"use client";

import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import type { Gauge, Slice } from "../shared/monitor-format";

const COLORS = ["#409EFF", "#67C23A", "#E6A23C", "#F56C6C", "#909399", "#13c2c2", "#6959CD", "#11a983", "#f5222d", "#1890ff", "#304156"];

/** 命令统计: calls per command, as RuoYi's rose pie. */
export function CommandPie({ slices, empty }: { slices: Slice[]; empty: string }) {
  if (!slices.length) {
    return (
      <div data-testid="cache-commands-empty" className="flex h-80 items-center justify-center text-sm text-muted-foreground">
        {empty}
      </div>
    );
  }
  return (
    <div data-testid="cache-commands-chart" data-slices={slices.length} className="h-80 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={slices} dataKey="value" nameKey="name" cx="50%" cy="45%" innerRadius="15%" outerRadius="70%" paddingAngle={1} isAnimationActive={false}>
            {slices.map((slice, index) => (
              <Cell key={slice.name} fill={COLORS[index % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(value, name) => [String(value), String(name)]} />
          <Legend verticalAlign="bottom" height={48} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

/** 内存信息: the used memory on a half-round gauge, RuoYi's echarts gauge drawn with a pie. */
export function MemoryGauge({ gauge, name, empty }: { gauge: Gauge | null; name: string; empty: string }) {
  if (!gauge) {
    return <div className="flex h-80 items-center justify-center text-sm text-muted-foreground">{empty}</div>;
  }
  const used = Math.max(0, Math.min(100, gauge.percent));
  const data = [
    { name, value: used },
    { name: "rest", value: 100 - used },
  ];
  const color = used > 80 ? "#F56C6C" : used > 60 ? "#E6A23C" : "#409EFF";
  return (
    <div data-testid="cache-memory-gauge" data-value={gauge.value} data-max={gauge.max} className="relative h-80 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={data} dataKey="value" cx="50%" cy="65%" startAngle={200} endAngle={-20} innerRadius="62%" outerRadius="80%" stroke="none" isAnimationActive={false}>
            <Cell fill={color} />
            <Cell fill="var(--muted)" />
          </Pie>
        </PieChart>
      </ResponsiveContainer>
      <div className="pointer-events-none absolute inset-x-0 top-[52%] flex flex-col items-center">
        <span data-testid="cache-memory-label" className="text-2xl font-semibold">
          {gauge.label}
        </span>
        <span className="text-xs text-muted-foreground">
          {name} · 0 – {gauge.max} {gauge.unit}
        </span>
      </div>
    </div>
  );
}

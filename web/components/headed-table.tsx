"use client";

import { type ComponentProps, type ReactNode, useRef } from "react";
import { useScrolled } from "@/components/data-table/data-table";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

/** A column heading: its label, or the label with the heading cell's class; false leaves the column out. */
export type Heading = string | { label: string; className?: string } | false | null | undefined;

/** The first column's cells (not a row-wide `empty` cell) stay at the left as the list's tables' first column does
 * (data-table.tsx), with its shadow once the table has scrolled sideways. */
const STICKY_FIRST = "[&_tr>:first-child:not([colspan])]:sticky [&_tr>:first-child:not([colspan])]:left-0 [&_tr>:first-child:not([colspan])]:z-10 [&_thead_tr>:first-child]:bg-muted [&_tbody_tr>:first-child:not([colspan])]:bg-card";
const FIRST_SHADOW = "[&_tr>:first-child:not([colspan])]:shadow-[6px_0_6px_-6px_rgb(0_0_0/0.25)]";

/**
 * A plain table of a detail or a small list (no paging, no selection: the lists have the data table): the
 * headings in one row, the rows as children, and `empty` in a row of its own when given. On a narrow screen it
 * scrolls sideways under a sticky first column.
 */
export function HeadedTable({ headers, empty, children, className, ...props }: ComponentProps<typeof Table> & { headers: readonly Heading[]; empty?: ReactNode }) {
  const shown = headers.filter((heading) => heading !== false && heading !== null && heading !== undefined).map((heading) => (typeof heading === "string" ? { label: heading } : heading));
  const box = useRef<HTMLDivElement>(null);
  const scrolled = useScrolled(box);
  const sticky = shown.length > 1;
  return (
    <div ref={box} data-testid="headed-table" data-sticky={sticky ? "left" : undefined} data-shadow={sticky && scrolled.left ? "" : undefined}>
      <Table className={cn(sticky && STICKY_FIRST, sticky && scrolled.left && FIRST_SHADOW, className)} {...props}>
        <TableHeader>
          <TableRow>
            {shown.map((heading, index) => (
              <TableHead key={index} className={heading.className}>
                {heading.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {empty ? (
            <TableRow>
              <TableCell colSpan={shown.length} className="text-center text-muted-foreground">
                {empty}
              </TableCell>
            </TableRow>
          ) : null}
          {children}
        </TableBody>
      </Table>
    </div>
  );
}

/** A titled card of a detail screen (付款, 商品, 最近的...): the title in its header, the block in its content. */
export function SectionCard({ title, contentClassName, children, ...props }: Omit<ComponentProps<typeof Card>, "title"> & { title: ReactNode; contentClassName?: string }) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

import type { ComponentProps, ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** A column heading: its label, or the label with the heading cell's class; false leaves the column out. */
export type Heading = string | { label: string; className?: string } | false | null | undefined;

/**
 * A plain table of a detail or a small list (no paging, no selection: the lists have the data table): the
 * headings in one row, the rows as children, and `empty` in a row of its own when given.
 */
export function HeadedTable({ headers, empty, children, ...props }: ComponentProps<typeof Table> & { headers: readonly Heading[]; empty?: ReactNode }) {
  const shown = headers.filter((heading) => heading !== false && heading !== null && heading !== undefined).map((heading) => (typeof heading === "string" ? { label: heading } : heading));
  return (
    <Table {...props}>
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

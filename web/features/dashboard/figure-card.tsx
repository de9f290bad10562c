import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/utils";

type FigureCardProps = Omit<ComponentProps<"div">, "children"> & {
  icon: LucideIcon;
  label: string;
  value: number;
  /** data-testid of the value (and of the note): the specs read the figure by it */
  valueTestId: string;
  note?: string;
  noteTestId?: string;
};

/** One figure of a home page (the platform's, its live figures, a shop's): an icon, a label, the value, a note. */
export function FigureCard({ icon: Icon, label, value, valueTestId, note, noteTestId, className, ...props }: FigureCardProps) {
  return (
    <Card className={cn("py-4", className)} {...props}>
      <CardContent className="flex items-center gap-4">
        <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <div>
          <div className="text-sm text-muted-foreground">{label}</div>
          <div data-testid={valueTestId} className="text-2xl font-semibold tabular-nums">
            {value.toLocaleString()}
          </div>
          {note && (
            <div data-testid={noteTestId} className="text-xs text-muted-foreground">
              {note}
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

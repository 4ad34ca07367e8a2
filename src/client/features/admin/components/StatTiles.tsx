import { Card } from "@client/components/ui/Card";
import { Skeleton } from "@client/components/ui/Skeleton";
import { cn } from "@client/lib/cn";
import type { LucideIcon } from "lucide-react";

export interface StatTile {
  label: string;
  /** Undefined while loading (a skeleton), or after a failed read (a dash). */
  value: number | undefined;
  Icon: LucideIcon;
  /** The icon's background and colour. */
  tone: string;
}

/** A row of totals (two columns on phones, four on wide screens). */
export function StatTiles({ label, tiles, isError }: { label: string; tiles: readonly StatTile[]; isError: boolean }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {tiles.map(({ label: tileLabel, value, Icon, tone }) => (
        <li key={tileLabel}>
          <Card className="flex items-center gap-3 p-4">
            <span className={cn("rounded-full p-2", tone)}>
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-slate-600">{tileLabel}</p>
              {value === undefined ? (
                isError ? (
                  <p className="text-2xl font-bold text-slate-900">–</p>
                ) : (
                  <Skeleton className="mt-1 h-7 w-12" />
                )
              ) : (
                <p className="text-2xl font-bold text-slate-900">{value.toLocaleString("en-US")}</p>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

import { Card } from "@client/components/ui/Card";
import { Skeleton } from "@client/components/ui/Skeleton";
import { cn } from "@client/lib/cn";
import type { LucideIcon } from "lucide-react";

/** The colours of a tile's icon. */
const TONES = {
  primary: "bg-primary-100 text-primary-900",
  green: "bg-green-100 text-green-900",
  premium: "bg-premium-100 text-premium-900",
  slate: "bg-slate-200 text-slate-800",
} as const;

/** One total of a list's stats (`S`): its label, which number it shows, its icon. */
export interface StatTile<S> {
  label: string;
  stat: { [K in keyof S]: S[K] extends number ? K : never }[keyof S];
  Icon: LucideIcon;
  tone: keyof typeof TONES;
}

/**
 * A row of totals (two columns on phones, four on wide screens), read from `stats`: a skeleton
 * while loading, a dash after a failed read.
 */
export function StatTiles<S>({
  label,
  stats,
  tiles,
}: {
  label: string;
  stats: { data: S | undefined; isError: boolean };
  tiles: readonly StatTile<S>[];
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {tiles.map(({ label: tileLabel, stat, Icon, tone }) => {
        const value = stats.data?.[stat] as number | undefined;
        return (
          <li key={tileLabel}>
            <Card className="flex items-center gap-3 p-4">
              <span className={cn("rounded-full p-2", TONES[tone])}>
                <Icon className="size-5" aria-hidden />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-600">{tileLabel}</p>
                {value === undefined ? (
                  stats.isError ? (
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
        );
      })}
    </ul>
  );
}

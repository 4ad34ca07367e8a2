import { cn } from "@client/lib/cn";
import { Pause, Play } from "lucide-react";
import { ROTATION_CONTROL, type Rotation } from "./rotation";

/**
 * Pause / Play for a rotating region, while it can rotate at all (focusing the button does not
 * pause the region). `what` ends its name for screen readers ('Pause the testimonials'); with
 * `compact`, small screens show the icon alone.
 */
export function RotationButton({
  rotation,
  what,
  compact = false,
}: {
  rotation: Rotation;
  what: string;
  compact?: boolean;
}) {
  const { canRotate, stopped, setStopped } = rotation;
  if (!canRotate) return null;
  const Icon = stopped ? Play : Pause;
  const action = stopped ? "Play" : "Pause";
  return (
    <button
      type="button"
      {...{ [ROTATION_CONTROL]: "" }}
      onClick={() => setStopped(!stopped)}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-[var(--radius-control)] text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        compact ? "h-9 px-2.5" : "h-11 px-3",
      )}
    >
      <Icon className="size-4" aria-hidden />
      {compact ? <span className="sr-only sm:not-sr-only">{action}</span> : action}
      <span className="sr-only">{` ${what}`}</span>
    </button>
  );
}

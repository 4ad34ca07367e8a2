import { formatFullDateTime } from "@shared/dates";

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 5],
  ["month", 12],
];

/** '2 minutes ago', 'yesterday', 'last week'; 'just now' under 45 seconds. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  if (Math.abs(seconds) < 45) return "just now";
  let value = seconds;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), "year");
}

/** The full date and time, for a tooltip beside a relative time. */
export const fullDateTime = formatFullDateTime;

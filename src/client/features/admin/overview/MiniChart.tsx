import { Card } from "@client/components/ui/Card";
import { formatDay } from "@shared/dates";
import type { ChartPoint } from "@shared/schemas/admin";
import { useId } from "react";

/** Dates of the charts are UTC days (YYYY-MM-DD): shown as such, whatever the admin's time zone. */
export const chartDay = (date: string) => formatDay(`${date}T00:00:00Z`);

const WIDTH = 300;
const HEIGHT = 120;
const TOP = 6;

/** The chart's two rules: its base line, and a dashed line at its top (the highest value). */
const RULES = [
  { y: HEIGHT, className: "stroke-slate-400" },
  { y: TOP, className: "stroke-slate-200", dashed: true },
];

/**
 * A small chart drawn as SVG, with no library: bars (counts) or a line (averages, with gaps where
 * a day has no value). The drawing is decoration for sighted readers; everyone gets the summary
 * line, and screen readers a table of every value (visually hidden).
 */
export function MiniChart({
  title,
  summary,
  points,
  kind,
  periodLabel,
  valueLabel,
  formatValue = (v) => v.toLocaleString("en-US"),
  formatPeriod = chartDay,
}: {
  title: string;
  /** One sentence that says what the chart shows (visible, and the chart's description). */
  summary: string;
  points: readonly ChartPoint[];
  kind: "bar" | "line";
  /** Column headings of the table: the period ('Day', 'Week of') and the value. */
  periodLabel: string;
  valueLabel: string;
  formatValue?: (value: number) => string;
  formatPeriod?: (date: string) => string;
}) {
  const id = useId();
  const values = points.map((p) => p.value ?? 0);
  const max = Math.max(...values, 0);
  const scale = max > 0 ? (HEIGHT - TOP) / max : 0;
  const step = points.length > 0 ? WIDTH / points.length : WIDTH;
  const y = (value: number) => HEIGHT - value * scale;
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <Card className="flex min-w-0 flex-col p-4">
      <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="flex flex-1 flex-col">
        <figcaption>
          <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            {title}
          </h3>
          <p id={`${id}-summary`} className="mt-0.5 text-sm text-slate-600">
            {summary}
          </p>
        </figcaption>
        <div className="mt-auto grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 pt-3">
          <div className="flex flex-col justify-between text-right text-xs text-slate-600" aria-hidden>
            <span>{formatValue(max)}</span>
            <span>0</span>
          </div>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-28 w-full min-w-0 overflow-visible"
            aria-hidden
            focusable="false"
          >
            {RULES.map((rule) => (
              <line
                key={rule.y}
                x1={0}
                x2={WIDTH}
                y1={rule.y}
                y2={rule.y}
                className={rule.className}
                strokeWidth={1}
                strokeDasharray={rule.dashed ? "4 4" : undefined}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {kind === "bar" ? (
              points.map((p, i) => {
                const value = p.value ?? 0;
                const gap = Math.min(2, step * 0.2);
                return (
                  <rect
                    key={p.date}
                    x={i * step + gap / 2}
                    y={y(value)}
                    width={Math.max(step - gap, 1)}
                    height={Math.max(HEIGHT - y(value), value > 0 ? 1 : 0)}
                    className="fill-primary-700"
                  >
                    <title>{`${formatPeriod(p.date)}: ${formatValue(value)}`}</title>
                  </rect>
                );
              })
            ) : (
              <LinePath points={points} step={step} y={y} />
            )}
          </svg>
          {first && last ? (
            <div className="col-start-2 mt-1 flex justify-between text-xs text-slate-600" aria-hidden>
              <span>{formatPeriod(first.date)}</span>
              <span>{formatPeriod(last.date)}</span>
            </div>
          ) : null}
        </div>
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{periodLabel}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{formatPeriod(p.date)}</th>
                <td>{p.value === null ? "No data" : formatValue(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </Card>
  );
}

/** How the line and its dots are drawn: in the chart's colour, as thick however it is stretched. */
const INK = { fill: "none", className: "stroke-primary-700", vectorEffect: "non-scaling-stroke" } as const;

/**
 * The line through the points that have a value; a day without one breaks the line. Dots are
 * zero-length strokes with round caps, so they stay round however the chart is stretched.
 */
function LinePath({ points, step, y }: { points: readonly ChartPoint[]; step: number; y: (value: number) => number }) {
  const x = (i: number) => i * step + step / 2;
  let line = "";
  let dots = "";
  let drawing = false;
  points.forEach((p, i) => {
    if (p.value === null) {
      drawing = false;
      return;
    }
    const at = `${x(i).toFixed(1)} ${y(p.value).toFixed(1)}`;
    line += `${drawing ? "L" : "M"}${at} `;
    dots += `M${at} l0 0 `;
    drawing = true;
  });
  if (!dots) return null;
  return (
    <>
      <path d={line.trim()} {...INK} strokeWidth={2} strokeLinejoin="round" />
      <path d={dots.trim()} {...INK} strokeWidth={6} strokeLinecap="round" />
    </>
  );
}

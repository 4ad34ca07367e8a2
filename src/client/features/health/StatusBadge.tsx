import { Badge, type BadgeTone } from "@client/components/ui/Badge";
import { PageShell } from "@client/components/ui/PageShell";
import type { ReactNode } from "react";
import type { CheckResult, CheckState } from "./checks";

const TONE: Record<CheckState, BadgeTone> = {
  checking: "gray",
  connected: "green",
  found: "green",
  enabled: "green",
  warning: "amber",
  disabled: "amber",
  missing: "red",
  error: "red",
};

export function StatusBadge({ state }: { state: CheckState }) {
  return <Badge tone={TONE[state]}>{state}</Badge>;
}

/** The detailed results of the checks, one row each with its state. */
export function CheckResultList({ results }: { results: readonly CheckResult[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {results.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div>
            <p className="font-medium">{d.name}</p>
            <p className="text-sm text-slate-600">{d.detail}</p>
          </div>
          <StatusBadge state={d.state} />
        </li>
      ))}
    </ul>
  );
}

/** The frame of the service pages (System Status, Debug Console): their title and what they show. */
export function ServicePage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <PageShell width="wide">
      <div>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-slate-600">{intro}</p>
      </div>
      {children}
    </PageShell>
  );
}

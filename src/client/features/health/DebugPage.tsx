import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { usePublicSettings } from "@client/lib/public-settings";
import { RefreshCw } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { runChecks, type SystemChecks } from "./checks";
import { CheckResultList, ServicePage } from "./StatusBadge";

const noChanges = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => "";

function mask(value: string): string {
  return value.length <= 12 ? "••••" : `${value.slice(0, 8)}••••${value.slice(-4)}`;
}

/** /debug: what this browser talks to, checks on demand, and a troubleshooting guide. */
export function DebugPage() {
  const settings = usePublicSettings();
  const [checks, setChecks] = useState<SystemChecks | null>(null);
  const [running, setRunning] = useState(false);
  // The prerendered page cannot know the address: its first frame, and the browser's, show "…".
  const origin = useSyncExternalStore(noChanges, browserOrigin, noOrigin);
  const admin = settings?.demoAccounts.find((a) => a.label === "Administrator");
  const mode = settings?.mode === "embedded" ? "Embedded (built-in database, demo services)" : "Configured";
  const configuration = [
    { term: "Backend URL", value: `${origin ? mask(`${origin}/api`) : "…"} (configured)`, mono: true },
    { term: "Keys in the browser", value: "None: every key stays on the server." },
    { term: "Mode", value: settings ? mode : "…" },
  ];

  return (
    <ServicePage title="Debug Console" intro="What this page is connected to, and how to fix common problems.">
      <Card className="p-5">
        <h2 className="mb-3 text-lg font-bold">Configuration</h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          {configuration.map(({ term, value, mono }) => (
            <div key={term}>
              <dt className="text-sm font-semibold text-slate-600">{term}</dt>
              <dd className={mono ? "font-mono text-sm" : "text-sm"}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="p-5">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-bold">Tests</h2>
          <Button
            variant="secondary"
            size="sm"
            loading={running}
            icon={RefreshCw}
            onClick={async () => {
              setRunning(true);
              setChecks(await runChecks());
              setRunning(false);
            }}
          >
            Run Tests
          </Button>
        </div>
        {checks ? (
          <CheckResultList results={checks.details} />
        ) : (
          <p className="text-slate-600">Run the tests to check the server, database, sign-in and services.</p>
        )}
      </Card>
      <Card className="space-y-3 p-5">
        <h2 className="text-lg font-bold">Troubleshooting</h2>
        <ol className="list-decimal space-y-2 pl-5 text-slate-700">
          <li>If nothing loads, make sure the server runs (npm start) and watch its log.</li>
          <li>If sign-in fails for every account, check that the server's clock is right and cookies are allowed.</li>
          <li>
            After too many wrong passwords, sign-in to that account from the same place is paused for 15 minutes (the
            page says how long is left); signing in elsewhere still works, and a password reset or an administrator
            lifts the pause.
          </li>
          <li>
            <Link to="/status" className="font-semibold text-primary-800 underline">
              System Status
            </Link>{" "}
            shows each part's health.
          </li>
        </ol>
        {admin ? (
          <p className="rounded-[var(--radius-control)] bg-primary-50 p-3 text-sm text-primary-950">
            Hint: try the demo admin login, {admin.email} with the password {admin.password}.
          </p>
        ) : null}
      </Card>
    </ServicePage>
  );
}

import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { RefreshCw } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { type CheckResult, overall, runChecks } from "./checks";
import { CheckResultList, ServicePage, StatusBadge } from "./StatusBadge";

const PENDING: CheckResult[] = ["Backend service", "Database", "Auth", "Security"].map((name) => ({
  id: name,
  name,
  state: "checking",
  detail: "Checking...",
}));

/** /status: the state of the service, checked on load and on demand. */
export function StatusPage() {
  const [cards, setCards] = useState<CheckResult[]>(PENDING);
  const [details, setDetails] = useState<CheckResult[]>([]);
  const [running, setRunning] = useState(false);
  const run = useCallback(async () => {
    setRunning(true);
    setCards(PENDING);
    const result = await runChecks();
    setCards(result.cards);
    setDetails(result.details);
    setRunning(false);
  }, []);
  useEffect(() => {
    void run();
  }, [run]);
  const verdict = overall(details.length > 0 ? details : cards);

  return (
    <ServicePage title="System Status" intro="Live checks of the LawGuide service.">
      {verdict === "success" ? <Alert tone="success">All systems are working.</Alert> : null}
      {verdict === "warning" ? <Alert tone="warning">LawGuide works, with warnings below.</Alert> : null}
      {verdict === "error" ? <Alert tone="danger">Some parts of LawGuide are not working.</Alert> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.id}>
            <Card className="h-full space-y-2 p-4">
              <div className="flex items-center justify-between gap-2">
                <h2 className="font-semibold">{card.name}</h2>
                <StatusBadge state={card.state} />
              </div>
              <p className="text-sm text-slate-600">{card.detail}</p>
            </Card>
          </li>
        ))}
      </ul>
      <Card className="p-5">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-bold">Detailed Test Results</h2>
          <Button variant="secondary" size="sm" onClick={run} loading={running} icon={RefreshCw}>
            Run Tests
          </Button>
        </div>
        {details.length === 0 ? (
          <p className="text-slate-600">{running ? "Running checks..." : "No results yet."}</p>
        ) : (
          <CheckResultList results={details} />
        )}
      </Card>
      {verdict !== "success" && verdict !== "checking" ? (
        <Card className="space-y-2 p-5">
          <h2 className="text-lg font-bold">Next Steps</h2>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>Check the server's log for errors at start-up (configuration, database, migrations).</li>
            <li>With PostgreSQL, make sure DATABASE_URL points at a server that answers.</li>
            <li>
              Add OPENAI_API_KEY or ANTHROPIC_API_KEY for live AI answers, SMTP_URL for real mail, Stripe keys for
              payments.
            </li>
            <li>
              See the{" "}
              <Link to="/debug" className="font-semibold text-primary-800 underline">
                Debug Console
              </Link>{" "}
              for the configuration overview.
            </li>
          </ul>
        </Card>
      ) : null}
    </ServicePage>
  );
}

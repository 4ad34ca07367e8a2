import type { Health } from "@shared/health";

export type CheckState = "checking" | "connected" | "found" | "enabled" | "error" | "missing" | "disabled" | "warning";

export interface CheckResult {
  id: string;
  name: string;
  state: CheckState;
  detail: string;
}

export const GOOD_STATES: CheckState[] = ["connected", "found", "enabled"];

export function overall(results: CheckResult[]): "success" | "warning" | "error" | "checking" {
  if (results.some((r) => r.state === "checking")) return "checking";
  if (results.some((r) => r.state === "error" || r.state === "missing")) return "error";
  if (results.every((r) => GOOD_STATES.includes(r.state))) return "success";
  return "warning";
}

export interface SystemChecks {
  health: Health | null;
  cards: CheckResult[];
  details: CheckResult[];
}

/** Ask the server how it is doing; every check is a real request. */
export async function runChecks(): Promise<SystemChecks> {
  let health: Health | null = null;
  let securityHeaders = false;
  let backend: CheckResult;
  try {
    const response = await fetch("/api/health", { cache: "no-store" });
    securityHeaders = Boolean(response.headers.get("content-security-policy"));
    health = (await response.json()) as Health;
    backend = {
      id: "backend",
      name: "Backend service",
      state: response.ok ? "connected" : "error",
      detail: response.ok ? `LawGuide ${health.version} answered.` : "The server answered with an error.",
    };
  } catch {
    backend = { id: "backend", name: "Backend service", state: "error", detail: "The server could not be reached." };
  }

  const database: CheckResult = health
    ? {
        id: "database",
        name: "Database",
        state: health.database.status === "up" ? "connected" : "error",
        detail:
          health.database.status === "up"
            ? `${health.database.engine === "pglite" ? "Embedded PostgreSQL" : "PostgreSQL server"} is answering.`
            : "The database is not answering.",
      }
    : { id: "database", name: "Database", state: "error", detail: "Unknown: the server could not be reached." };

  let auth: CheckResult;
  try {
    const response = await fetch("/api/auth/get-session", { cache: "no-store", credentials: "same-origin" });
    auth = response.ok
      ? { id: "auth", name: "Auth", state: "enabled", detail: "Sign-in service is answering." }
      : { id: "auth", name: "Auth", state: "error", detail: `Sign-in service answered ${response.status}.` };
  } catch {
    auth = { id: "auth", name: "Auth", state: "error", detail: "Sign-in service could not be reached." };
  }

  const security: CheckResult = {
    id: "security",
    name: "Security",
    state: securityHeaders ? "enabled" : "disabled",
    detail: securityHeaders
      ? "Security headers and a Content-Security-Policy are sent; every rule is checked by the server."
      : "Security headers are missing.",
  };

  const details: CheckResult[] = health
    ? [
        ...(["openai", "anthropic"] as const).map(
          (p): CheckResult => ({
            id: `ai-${p}`,
            name: p === "openai" ? "AI provider: OpenAI" : "AI provider: Anthropic",
            state: health?.ai[p] === "configured" ? "found" : "warning",
            detail:
              health?.ai[p] === "configured"
                ? "An API key is configured on the server."
                : "No API key: the offline assistant answers instead.",
          }),
        ),
        {
          id: "payments",
          name: "Payments",
          state: health.payments === "stripe" ? "found" : "warning",
          detail:
            health.payments === "stripe"
              ? "Stripe is configured."
              : health.payments === "demo"
                ? "Demo checkout (no Stripe keys): test cards give plans."
                : "Off: no Stripe keys, and the demo checkout is not switched on (DEMO_CHECKOUT).",
        },
        {
          id: "mail",
          name: "Mail",
          state: health.mail === "smtp" ? "found" : "warning",
          detail:
            health.mail === "smtp" ? "Mail goes out through SMTP." : "No SMTP server: mail is kept in the outbox.",
        },
      ]
    : [];

  return {
    health,
    cards: [backend, database, auth, security],
    details: [backend, database, auth, security, ...details],
  };
}

/** GET /api/health */
export interface Health {
  status: "ok" | "degraded";
  version: string;
  mode: "embedded" | "configured";
  database: { status: "up" | "down"; engine: "pglite" | "postgres" };
  ai: { openai: "configured" | "offline"; anthropic: "configured" | "offline" };
  payments: "stripe" | "demo";
  mail: "smtp" | "outbox";
  time: string;
}

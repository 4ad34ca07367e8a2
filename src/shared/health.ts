/** GET /api/health */
export interface Health {
  status: "ok" | "degraded";
  version: string;
  mode: "embedded" | "configured";
  database: { status: "up" | "down"; engine: "pglite" | "postgres" };
  ai: { openai: "configured" | "offline"; anthropic: "configured" | "offline" };
  /** stripe, the demo checkout (test cards give real plans), or off (no checkout at all). */
  payments: "stripe" | "demo" | "off";
  mail: "smtp" | "outbox";
  time: string;
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { createLogger, type Logger } from "../../src/server/lib/logger";
import { seed } from "../../src/server/seed";
import { createServices, type ServiceOptions, type Services } from "../../src/server/services";
import { TEST_ORIGIN, TestClient } from "./test-client";
import { openTestDatabase, truncateAll } from "./test-db";

export const ADMIN = { email: "admin@example.com", password: "admin-password" } as const;

export interface TestContext {
  app: ReturnType<typeof createApp>;
  services: Services;
  client(): TestClient;
  /** A signed-in member (new account). */
  member(overrides?: {
    email?: string;
    password?: string;
    firstName?: string;
    premium?: boolean;
  }): Promise<{ client: TestClient; email: string; password: string; id: string }>;
  /** The built-in administrator, signed in. */
  admin(): Promise<TestClient>;
  /** The outbox, newest first, once every mail queued so far has been handled. */
  outbox(limit?: number): Promise<Awaited<ReturnType<Services["mailer"]["outbox"]>>>;
  reset(): Promise<void>;
}

let counter = 0;

/**
 * One app per test file on its own database, emptied and seeded again before every test.
 * Call at the top level of a test file; `env` adds or overrides configuration.
 */
export function setupTestApp(
  env: Record<string, string> = {},
  options: ServiceOptions = { offlineDelayMs: 0 },
  /** The server's logger, when the test reads what is logged (default: silent). */
  logger?: Logger,
): TestContext {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-test-data-"));
  let ctx: (TestContext & { close(): Promise<void> }) | null = null;
  const ready = (async () => {
    const { database, url, drop } = await openTestDatabase();
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "silent",
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      SIGNUP_LIMIT_PER_HOUR: "10000",
      // The demo checkout on either engine (on PostgreSQL it is the operator's switch).
      DEMO_CHECKOUT: "true",
      ...(url ? { DATABASE_URL: url } : {}),
      ...env,
    });
    const services = createServices(config, database, logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? "silent"), {
      jobs: { pollingIntervalSeconds: 0.5 },
      ...options,
    });
    await services.jobs.start();
    const app = createApp(services);
    const client = () => new TestClient(app);
    ctx = {
      app,
      services,
      client,
      async member(overrides: { email?: string; password?: string; firstName?: string; premium?: boolean } = {}) {
        counter += 1;
        const email = overrides.email ?? `member${counter}-${process.pid}@example.com`;
        const password = overrides.password ?? "secret-pass";
        const c = client();
        const response = await c.signUp({ email, password, firstName: overrides.firstName ?? "Member" });
        if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
        const me = await c.me();
        if (!me) throw new Error("no session after sign-up");
        if (overrides.premium) await services.billing.ensureDemoPremium(me.id);
        return { client: c, email, password, id: me.id };
      },
      async admin() {
        const c = client();
        const response = await c.signIn(ADMIN.email, ADMIN.password);
        if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
        return c;
      },
      async outbox(limit?: number) {
        await services.mailer.drain();
        return services.mailer.outbox(limit);
      },
      async reset() {
        await truncateAll(database);
        await seed(services);
      },
      async close() {
        await services.jobs.stop(1_000);
        await services.fileReading.close();
        await services.documents.close();
        services.mailer.close();
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return ctx;
  })();

  beforeEach(async () => {
    const c = await ready;
    await c.reset();
  });
  afterAll(async () => {
    const c = await ready.catch(() => null);
    await c?.close();
  });

  const proxy = new Proxy({} as TestContext, {
    get(_target, key) {
      if (!ctx) throw new Error("the test app is used before it is ready (use it inside tests or hooks)");
      return ctx[key as keyof TestContext];
    },
  });
  return proxy;
}

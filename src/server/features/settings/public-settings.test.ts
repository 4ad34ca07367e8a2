import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import { DEFAULT_ADMIN, loadConfig } from "../../config";
import { demoCredentials } from "./settings.routes";

const OPERATOR_PASSWORD = "operator-chosen-Secret-42";
const t = setupTestApp({ ADMIN_PASSWORD: OPERATOR_PASSWORD });

describe("an operator's admin password", () => {
  it("reaches no public endpoint: every GET route of the API, as a visitor and as a member", async () => {
    expect((await t.client().signIn(DEFAULT_ADMIN.email, OPERATOR_PASSWORD)).status).toBe(200);
    const { client: member } = await t.member();
    const routes = t.app.routes.filter(
      (r) => r.method === "GET" && r.path.startsWith("/api/") && !r.path.includes("*"),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.path.replace(/:(\w+)/g, "00000000-0000-0000-0000-000000000000");
      for (const client of [t.client(), member]) {
        const body = await (await client.get(url)).text();
        expect(body, url).not.toContain(OPERATOR_PASSWORD);
      }
    }
    const settings = await (await t.client().get("/api/settings/public")).json();
    expect(settings.demoAccounts.map((a: { email: string }) => a.email)).not.toContain(DEFAULT_ADMIN.email);
  });
});

describe("the sign-in page's demo accounts", () => {
  it("are embedded mode's built-in defaults only", () => {
    const embedded = loadConfig({ DATA_DIR: t.services.config.dataDir, LOG_LEVEL: "silent" });
    expect(demoCredentials(embedded).map((a) => a.label)).toEqual(["Free member", "Premium member", "Administrator"]);
    const chosen = loadConfig({ DATA_DIR: t.services.config.dataDir, ADMIN_PASSWORD: OPERATOR_PASSWORD });
    expect(JSON.stringify(demoCredentials(chosen))).not.toContain(OPERATOR_PASSWORD);
    const otherEmail = loadConfig({ DATA_DIR: t.services.config.dataDir, ADMIN_EMAIL: "boss@example.com" });
    expect(demoCredentials(otherEmail).map((a) => a.email)).not.toContain("boss@example.com");
    const configured = loadConfig({
      DATA_DIR: t.services.config.dataDir,
      DATABASE_URL: "postgres://x@127.0.0.1/x",
      AUTH_SECRET: "s".repeat(32),
    });
    expect(demoCredentials(configured)).toEqual([]);
  });
});

describe("the support phone line", () => {
  it("is said to exist or not, never with its number (Premium members alone get it)", async () => {
    const visitor = t.client();
    expect((await (await visitor.get("/api/settings/public")).json()).phoneSupport).toBe(false);
    await t.services.settings.update("general", { supportPhone: "+1 555 0100" }, {});
    const body = await (await visitor.get("/api/settings/public")).text();
    expect(JSON.parse(body).phoneSupport).toBe(true);
    expect(body).not.toContain("555 0100");
  });
});

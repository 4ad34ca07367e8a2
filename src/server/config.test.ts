import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, ENV_NAMES, loadConfig } from "./config";

const dir = () => mkdtempSync(path.join(tmpdir(), "lawguide-config-"));

describe("configuration", () => {
  it("runs embedded with no variables: PGlite, demo accounts, default admin, a kept secret", () => {
    const dataDir = dir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      mode: "embedded",
      publicUrl: "http://localhost:3000",
      demoAccounts: true,
      admin: { email: "admin@example.com", password: "admin-password" },
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it("turns demo accounts off with DEMO_ACCOUNTS=false", () => {
    expect(loadConfig({ DATA_DIR: dir(), DEMO_ACCOUNTS: "false" }).demoAccounts).toBe(false);
  });

  it("has no demo accounts and no default admin password with DATABASE_URL", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://localhost/x",
      AUTH_SECRET: "s".repeat(32),
      DEMO_ACCOUNTS: "true",
    });
    expect(config.mode).toBe("configured");
    expect(config.demoAccounts).toBe(false);
    expect(config.admin.password).toBeUndefined();
  });

  it("configures Stripe with all four of its variables, or none (the demo checkout)", () => {
    expect(loadConfig({ DATA_DIR: dir() }).stripe).toBeNull();
    const stripe = loadConfig({
      DATA_DIR: dir(),
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_BASIC: "price_b",
      STRIPE_PRICE_PREMIUM: "price_p",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    }).stripe;
    expect(stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      prices: { basic: "price_b", premium: "price_p" },
      apiBase: "http://127.0.0.1:12111",
    });
  });

  it("has the demo checkout embedded only, unless the operator switches it on (never beside Stripe)", () => {
    const configured = { DATABASE_URL: "postgres://localhost/x", AUTH_SECRET: "s".repeat(32) };
    expect(loadConfig({ DATA_DIR: dir() }).demoCheckout).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), DEMO_CHECKOUT: "false" }).demoCheckout).toBe(false);
    expect(loadConfig(configured).demoCheckout).toBe(false);
    expect(loadConfig({ ...configured, DEMO_CHECKOUT: "true" }).demoCheckout).toBe(true);
    const withStripe = {
      ...configured,
      DEMO_CHECKOUT: "true",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_BASIC: "price_b",
      STRIPE_PRICE_PREMIUM: "price_p",
    };
    expect(loadConfig(withStripe).demoCheckout).toBe(false);
  });

  it("runs one process unless WEB_CONCURRENCY asks for more, which only PostgreSQL allows", () => {
    expect(loadConfig({ DATA_DIR: dir() }).webConcurrency).toBe(1);
    const postgres = { DATABASE_URL: "postgres://localhost/x", AUTH_SECRET: "s".repeat(32) };
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "4" }).webConcurrency).toBe(4);
    const dataDir = path.join(dir(), "never-made");
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: above 1 needs DATABASE_URL/,
    );
    // Refused before anything is written to the data folder.
    expect(existsSync(dataDir)).toBe(false);
  });

  it("needs AUTH_SECRET with DATABASE_URL", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://localhost/x" })).toThrow(/AUTH_SECRET/);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ ADMIN_EMAIL: "nope" }, "ADMIN_EMAIL"],
    [{ DEMO_ACCOUNTS: "maybe" }, "DEMO_ACCOUNTS"],
    [{ WEB_CONCURRENCY: "0" }, "WEB_CONCURRENCY"],
    [{ WEB_CONCURRENCY: "two" }, "WEB_CONCURRENCY"],
    [{ STRIPE_SECRET_KEY: "sk_test_x" }, "STRIPE_WEBHOOK_SECRET"],
    [
      { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PRICE_BASIC: "p" },
      "STRIPE_PRICE_PREMIUM",
    ],
    [{ STRIPE_API_BASE: "not a url" }, "STRIPE_API_BASE"],
  ])("stops on a bad value and names it: %o", (env, name) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });

  it("is listed whole in .env.example: every variable the server reads, and none it does not", () => {
    const example = readFileSync(path.join(import.meta.dirname, "../../.env.example"), "utf8");
    const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual([...ENV_NAMES].sort());
  });
});

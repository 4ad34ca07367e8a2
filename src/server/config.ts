import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Configuration: environment variables read once at start and validated. A bad value stops the
 * start with a message naming the variable. Modes follow the configuration, never NODE_ENV.
 */

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: optionalString,
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, "must be at least 6 characters").optional()),
  DEMO_ACCOUNTS: boolish.optional(),
  DEMO_CHECKOUT: boolish.optional(),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  ANTHROPIC_MODEL: optionalString,
  AI_OFFLINE_FALLBACK: boolish.default(true),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_PREMIUM: optionalString,
  STRIPE_API_BASE: optionalUrl,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalString,
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: boolish.default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  CLIENT_DIR: optionalString,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads (`.env.example` lists each one: config.test.ts checks it). */
export const ENV_NAMES = Object.keys(envSchema.shape) as Array<keyof Env>;

export interface Config {
  port: number;
  host: string | undefined;
  publicUrl: string;
  mode: "embedded" | "configured";
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  admin: { email: string; password: string | undefined };
  demoAccounts: boolean;
  openai: { apiKey: string | undefined; baseURL: string | undefined; model: string | undefined };
  anthropic: { apiKey: string | undefined; baseURL: string | undefined; model: string | undefined };
  /** Answer with the offline assistant when no provider is configured or every one fails. */
  aiOfflineFallback: boolean;
  /**
   * Payments without Stripe: LawGuide's own test checkout, whose test cards give real plans. On in
   * embedded mode; outside it only when the operator sets DEMO_CHECKOUT=true (reported in the
   * start-up log and by /api/health). Never with Stripe configured.
   */
  demoCheckout: boolean;
  /** Stripe, when configured (secret key, webhook secret and a price per paid plan); else the demo checkout. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    prices: { basic: string; premium: string };
    /** Another Stripe-compatible server (tests); Stripe's own when unset. */
    apiBase: string | undefined;
  } | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Wait before a failed mail's first retry; each next wait doubles (12 retries). */
  mailRetryDelaySeconds: number;
  logLevel: Env["LOG_LEVEL"];
  trustProxy: boolean;
  authRateLimitPerMinute: number;
  /** Sign-up attempts one client address may make in an hour. */
  signupLimitPerHour: number;
  clientDir: string;
  /** Server processes on this machine (Node's cluster); above 1 only on PostgreSQL. */
  webConcurrency: number;
}

export class ConfigError extends Error {}

export const DEMO_ACCOUNTS = [
  { email: "demo@example.com", password: "demo-password", label: "Free member", plan: "free" as const },
  { email: "premium@example.com", password: "demo-password", label: "Premium member", plan: "premium" as const },
] as const;
export const DEFAULT_ADMIN = { email: "admin@example.com", password: "admin-password" } as const;

/** Parse the environment. Throws ConfigError naming every bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * Build the configuration. In embedded mode (no DATABASE_URL) the auth secret is generated once
 * and kept in DATA_DIR, so sessions survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const e = parseEnv(env);
  const mode = e.DATABASE_URL ? "configured" : "embedded";
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");

  if (mode === "embedded" && e.WEB_CONCURRENCY > 1) {
    throw new ConfigError(
      "Invalid configuration:\n  WEB_CONCURRENCY: above 1 needs DATABASE_URL (the embedded database belongs to one process); set DATABASE_URL to a PostgreSQL server to run several",
    );
  }

  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    if (mode === "configured") {
      throw new ConfigError(
        "Invalid configuration:\n  AUTH_SECRET: required when DATABASE_URL is set (every server process must share it); use at least 32 random characters",
      );
    }
    authSecret = readOrCreateSecret(dataDir);
  }

  const embedded = mode === "embedded";
  const stripe = stripeConfig(e);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    mode,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret,
    admin: {
      email: (e.ADMIN_EMAIL ?? DEFAULT_ADMIN.email).toLowerCase(),
      password: e.ADMIN_PASSWORD ?? (embedded ? DEFAULT_ADMIN.password : undefined),
    },
    demoAccounts: embedded && (e.DEMO_ACCOUNTS ?? true),
    openai: { apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL },
    anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseURL: e.ANTHROPIC_BASE_URL, model: e.ANTHROPIC_MODEL },
    aiOfflineFallback: e.AI_OFFLINE_FALLBACK,
    stripe,
    demoCheckout: !stripe && (e.DEMO_CHECKOUT ?? embedded),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "LawGuide <no-reply@lawguide.example>",
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    signupLimitPerHour: e.SIGNUP_LIMIT_PER_HOUR,
    clientDir: path.resolve(cwd, e.CLIENT_DIR ?? "dist/client"),
    webConcurrency: e.WEB_CONCURRENCY,
  };
}

/** Stripe is configured by all four of its variables, or by none (then the demo checkout). */
function stripeConfig(e: Env): Config["stripe"] {
  const values = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_BASIC: e.STRIPE_PRICE_BASIC,
    STRIPE_PRICE_PREMIUM: e.STRIPE_PRICE_PREMIUM,
  };
  const missing = Object.entries(values).filter(([, v]) => !v);
  if (missing.length === 4) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map(([k]) => `  ${k}: required with the other Stripe variables (set all four, or none for the demo checkout)`).join("\n")}`,
    );
  }
  return {
    secretKey: values.STRIPE_SECRET_KEY as string,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET as string,
    prices: { basic: values.STRIPE_PRICE_BASIC as string, premium: values.STRIPE_PRICE_PREMIUM as string },
    apiBase: e.STRIPE_API_BASE,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const value = readFileSync(file, "utf8").trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

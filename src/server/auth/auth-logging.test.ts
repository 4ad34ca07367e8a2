import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";
import { createLogger, LOG_LINE_MAX } from "../lib/logger";

// This file's server writes its log here, at the level a production server uses.
const lines: string[] = [];
const t = setupTestApp(
  {},
  { offlineDelayMs: 0 },
  createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  ),
);

const MB = "a".repeat(1024 * 1024 - 200);
const logged = () => lines.reduce((n, line) => n + line.length, 0);

describe("what the account endpoints log", () => {
  it("stays small for a password-reset request carrying megabytes, wherever they are", async () => {
    const { email } = await t.member();
    const requests: Array<() => Promise<Response>> = [
      () => t.client().post("/api/auth/request-password-reset", { email, redirectTo: `http://localhost:3000/${MB}` }),
      () =>
        t.client().post("/api/auth/request-password-reset", { email, [MB.slice(0, 100_000)]: MB.slice(0, 800_000) }),
      () =>
        t
          .client()
          .post(`/api/auth/request-password-reset?callbackURL=${encodeURIComponent(`https://evil.example/${MB}`)}`, {
            email,
          }),
      () =>
        t.client().request("/api/auth/request-password-reset", {
          json: { email },
          headers: { "user-agent": `Mozilla/5.0 ${"u".repeat(16_000)}` },
        }),
    ];
    for (const send of requests) {
      lines.length = 0;
      const response = await send();
      expect(response.status).toBeLessThan(500);
      expect(logged()).toBeLessThan(4_096);
    }
  });

  it("bounds better-auth's own log lines", async () => {
    lines.length = 0;
    const context = await t.services.auth.$context;
    context.logger.error(`Invalid redirectURL: https://evil.example/${MB}`);
    context.logger.error(`Reset Password: ${MB}`, { more: MB });
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(LOG_LINE_MAX);
  });
});

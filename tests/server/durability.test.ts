import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONSENT } from "../factories/people";
import { killHard, post, runScript, startServer, stopGracefully } from "../factories/server-process";

/**
 * The embedded database under real processes: a confirmed sign-up survives kill -9, a second
 * process on the same DATA_DIR is refused, and a backup restores. (PostgreSQL runs skip this:
 * it is about the embedded engine.)
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))("embedded database durability", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lawguide-durable-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const env = (dir: string) => ({ DATA_DIR: dir, AUTH_RATE_LIMIT_PER_MINUTE: "1000", SIGNUP_LIMIT_PER_HOUR: "100000" });

  it("keeps every confirmed account through repeated kill -9", { timeout: 240_000 }, async () => {
    const dir = dataDir();
    const accounts: string[] = [];
    for (let round = 0; round < 4; round++) {
      const server = await startServer(env(dir));
      // Everything confirmed before earlier kills is still there.
      for (const email of accounts) {
        const signIn = await post(`${server.url}/api/auth/sign-in/email`, { email, password: "survivor-pass" });
        expect(signIn.status, `${email} after kill -9`).toBe(200);
      }
      const email = `survivor${round}@example.com`;
      const signUp = await post(`${server.url}/api/auth/sign-up/email`, {
        email,
        password: "survivor-pass",
        firstName: "S",
        ...CONSENT,
      });
      expect(signUp.status).toBe(200);
      accounts.push(email);
      await killHard(server);
    }
    const last = await startServer(env(dir));
    for (const email of accounts) {
      expect((await post(`${last.url}/api/auth/sign-in/email`, { email, password: "survivor-pass" })).status).toBe(200);
    }
    await stopGracefully(last);
  });

  it("refuses a second process on the same DATA_DIR, then backs up and restores", { timeout: 180_000 }, async () => {
    const dir = dataDir();
    const first = await startServer(env(dir));
    expect(
      (
        await post(`${first.url}/api/auth/sign-up/email`, {
          email: "kept@example.com",
          password: "kept-pass",
          firstName: "K",
          ...CONSENT,
        })
      ).status,
    ).toBe(200);

    const second = await startServer(env(dir), { expectFailure: true });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another LawGuide process");

    const whileRunning = await runScript("scripts/backup.ts", [], env(dir));
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.output).toContain("is in use by another LawGuide process");

    await stopGracefully(first);
    expect(existsSync(path.join(dir, ".lock"))).toBe(false);

    const file = path.join(dataDir(), "backup.tar.gz");
    const backup = await runScript("scripts/backup.ts", [file], env(dir));
    expect(backup.code, backup.output).toBe(0);
    expect(existsSync(file)).toBe(true);

    const restoredDir = dataDir();
    const restore = await runScript("scripts/restore.ts", [file], env(restoredDir));
    expect(restore.code, restore.output).toBe(0);
    const restored = await startServer(env(restoredDir));
    expect(
      (await post(`${restored.url}/api/auth/sign-in/email`, { email: "kept@example.com", password: "kept-pass" }))
        .status,
    ).toBe(200);
    await stopGracefully(restored);
  });
});

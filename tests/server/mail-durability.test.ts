import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { CONSENT } from "../factories/people";
import { freePort, killHard, post, startServer, stopGracefully } from "../factories/server-process";

/**
 * Mail queued when the server process is killed (kill -9) is sent by the next process on the same
 * data: the queue lives in the database, not in the process. (PostgreSQL runs skip this: the
 * server suite already runs the mail suite on PostgreSQL, and this is about the embedded engine.)
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))("mail survives kill -9", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lawguide-mail-durable-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("sends every mail queued before the kill after the restart, none twice", { timeout: 180_000 }, async () => {
    const smtpPort = await freePort();
    const env = {
      DATA_DIR: dir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRY_DELAY_SECONDS: "1",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      SIGNUP_LIMIT_PER_HOUR: "100000",
    };
    // No mail server yet: every try fails, and the mails wait in the queue.
    const first = await startServer(env);
    const emails = ["kept1@example.com", "kept2@example.com"];
    for (const email of emails) {
      expect(
        (
          await post(`${first.url}/api/auth/sign-up/email`, {
            email,
            password: "kept-pass-1",
            firstName: "K",
            ...CONSENT,
          })
        ).status,
      ).toBe(200);
      expect((await post(`${first.url}/api/auth/request-password-reset`, { email })).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await killHard(first);

    const received: Array<{ to: string; messageId: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk) => (raw += String(chunk)));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(","),
            messageId: raw.match(/^Message-ID: (.*)$/im)?.[1]?.trim() ?? "",
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", () => resolve()));
    try {
      const second = await startServer(env);
      const until = Date.now() + 90_000;
      while (received.length < 4 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      // A little longer: nothing more (no second copy) arrives.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await stopGracefully(second);
      expect(received.map((m) => m.to).sort()).toEqual([...emails, ...emails].sort());
      expect(new Set(received.map((m) => m.messageId)).size).toBe(4);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

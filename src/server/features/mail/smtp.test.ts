import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];

/** The decoded text of a raw message (headers + quoted-printable bodies), enough for these checks. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk) => (raw += String(chunk)));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
const port = await new Promise<number>((resolve) => {
  smtp.listen(0, "127.0.0.1", () => {
    const address = smtp.server.address();
    resolve(typeof address === "object" && address ? address.port : 0);
  });
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = setupTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "LawGuide <no-reply@lawguide.test>" });

describe("mail through a real SMTP server", () => {
  it("sends the password-reset mail and its link resets the password", async () => {
    const { email } = await t.member();
    const response = await t.client().post("/api/auth/request-password-reset", { email });
    expect(response.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual([email]);
    const mail = decode(received[0]?.raw ?? "");
    expect(mail).toMatch(/^Subject: Reset your LawGuide password$/m);
    expect(mail).toMatch(/^From: LawGuide <no-reply@lawguide.test>$/m);
    const token = mail.match(/http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect((await t.client().post("/api/auth/reset-password", { token, newPassword: "from-smtp-1" })).status).toBe(200);
    expect((await t.client().signIn(email, "from-smtp-1")).status).toBe(200);
    expect(await t.services.mailer.outbox()).toHaveLength(0);
  });

  it("reports SMTP in health", async () => {
    expect((await (await t.client().get("/api/health")).json()).mail).toBe("smtp");
  });
});

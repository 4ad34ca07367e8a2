import { createServer, type Server } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { appLogs, userProfiles } from "../../db/schema";
import { JOBS_SCHEMA } from "../../lib/jobs";

/**
 * Mail through a real SMTP server (smtp-server on 127.0.0.1), on whichever database the suite
 * runs on: every mail LawGuide sends, when its switch and the member's preference allow it and
 * not otherwise; the unsubscribe link; the receiver refusing or gone for a while; a mail refused
 * for good, shown to administrators and retried.
 */

interface Received {
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  headers: string;
}

const received: Received[] = [];
/** While set, the receiver answers every recipient with this (e.g. 451 "try later", 550 "no such user"). */
let refusal: { code: number; message: string } | null = null;

/** The decoded text of a raw message (headers + quoted-printable bodies), enough for these checks. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?Your_case_"A"?=`) as text. */
function encodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, q: string) =>
      q
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
}

function startReceiver(port: number): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(_address, _session, callback) {
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += String(chunk)));
      stream.on("end", () => {
        const mail = decode(raw);
        // The raw header block (quoted-printable is for bodies), its folded lines unfolded.
        const headers = (raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: encodedWords(headers.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? ""),
          messageId: mail.match(/^Message-ID: (.*)$/im)?.[1]?.trim() ?? "",
          text: mail,
          headers,
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp.listen(port, "127.0.0.1", () => resolve(smtp)));
}

const stopReceiver = (smtp: SMTPServer) => new Promise<void>((resolve) => smtp.close(() => resolve()));

const port = await new Promise<number>((resolve) => {
  const probe: Server = createServer();
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
  });
});
let receiver = await startReceiver(port);
afterAll(() => stopReceiver(receiver));

const t = setupTestApp({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_FROM: "LawGuide <no-reply@lawguide.test>",
  MAIL_RETRY_DELAY_SECONDS: "1",
});

beforeEach(async () => {
  refusal = null;
  await t.services.mailer.drain();
  received.length = 0;
});

/** Wait until `count` mails have arrived (mail is sent by the queue, after the request returns). */
async function arrivals(count: number, timeoutMs = 10_000): Promise<Received[]> {
  const until = Date.now() + timeoutMs;
  while (received.length < count) {
    if (Date.now() > until) throw new Error(`${received.length} of ${count} mails arrived`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return received;
}

/** Everything queued so far handled, then what arrived (for checks that nothing more came). */
async function settled(): Promise<Received[]> {
  await t.services.mailer.drain();
  return received;
}

const to = (email: string) => received.filter((m) => m.to.includes(email));

async function newCase(client: TestClient, title: string): Promise<string> {
  const response = await client.post("/api/cases", { title, description: `About ${title}` });
  return ((await response.json()) as { case: { id: string } }).case.id;
}

describe("mail through a real SMTP server", () => {
  it("sends the password-reset mail and its link resets the password", async () => {
    const { email } = await t.member();
    const response = await t.client().post("/api/auth/request-password-reset", { email });
    expect(response.status).toBe(200);
    await arrivals(2);
    const [mail] = to(email).filter((m) => m.subject.startsWith("Reset"));
    expect(mail?.subject).toBe("Reset your LawGuide password");
    expect(mail?.text).toMatch(/^From: LawGuide <no-reply@lawguide.test>$/m);
    // An account mail has no unsubscribe link.
    expect(mail?.headers).not.toMatch(/List-Unsubscribe/i);
    const token = mail?.text.match(/http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect((await t.client().post("/api/auth/reset-password", { token, newPassword: "from-smtp-1" })).status).toBe(200);
    expect((await t.client().signIn(email, "from-smtp-1")).status).toBe(200);
    expect(await t.outbox()).toHaveLength(0);
  });

  it("reports SMTP in health", async () => {
    expect((await (await t.client().get("/api/health")).json()).mail).toBe("smtp");
  });

  it("sends every mail when every switch is on: welcome, referral, notice, assignment, status, payment", async () => {
    await t.services.settings.update("notifications", { adminNotificationEmail: "desk@lawguide.test" }, {});
    await t.services.settings.update("subscription", { enableTrials: false }, {});
    const { client, email } = await t.member({ firstName: "Rosa" });
    await arrivals(1);
    const [welcome] = to(email);
    expect(welcome?.subject).toBe("Welcome to LawGuide");
    expect(welcome?.text).toContain("Hello Rosa,");
    expect(welcome?.headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?token=[\w.-]+>$/m);
    expect(welcome?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(welcome?.text).toMatch(/Content-Type: text\/html/);

    const caseId = await newCase(client, "Deposit kept");
    expect((await client.post(`/api/cases/${caseId}/referral`)).status).toBe(201);
    await arrivals(3);
    expect(to(email).map((m) => m.subject)).toContain("We received your attorney referral request");
    const [notice] = to("desk@lawguide.test");
    expect(notice?.subject).toBe("New case referral request on LawGuide");
    expect(notice?.text).toContain(`Rosa`);
    expect(notice?.text).toContain('the case "Deposit kept"');
    expect(notice?.headers).not.toMatch(/List-Unsubscribe/i);

    const admin = await t.admin();
    const attorney = (await (
      await admin.post("/api/admin/attorneys", {
        name: "Jane Counsel",
        email: "jane@counsel.test",
        specialties: ["Housing"],
        location: "Oakland, CA",
      })
    ).json()) as { attorney: { id: string } };
    expect((await admin.patch(`/api/admin/cases/${caseId}`, { attorneyId: attorney.attorney.id })).status).toBe(200);
    await arrivals(4);
    expect(to(email).at(-1)?.subject).toBe("An attorney has been assigned to your case on LawGuide");

    expect((await admin.post(`/api/admin/cases/${caseId}/toggle-status`)).status).toBe(200);
    await arrivals(5);
    expect(to(email).at(-1)?.subject).toBe('Your case "Deposit kept" is now active');

    const checkout = (await (await client.post("/api/billing/checkout", { planId: "premium" })).json()) as {
      url: string;
    };
    const session = checkout.url.split("/").pop();
    const paid = await client.post(`/api/billing/demo/${session}/pay`, {
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
      name: "Rosa Parks",
    });
    expect(paid.status).toBe(200);
    await arrivals(6);
    expect(to(email).at(-1)?.subject).toBe("Your LawGuide Premium Solutions payment");

    // Each mail once.
    const all = await settled();
    expect(new Set(all.map((m) => m.messageId)).size).toBe(all.length);
    expect(all).toHaveLength(6);
  });

  it("sends nothing a switch or the member's preference turns off; account mail still goes", async () => {
    await t.services.settings.update("notifications", { welcomeEmailEnabled: false }, {});
    const quiet = await t.member();
    expect(to(quiet.email)).toEqual([]);

    await t.services.settings.update(
      "notifications",
      { welcomeEmailEnabled: true, enableEmailNotifications: false, adminNotificationEmail: "desk@lawguide.test" },
      {},
    );
    const off = await t.member();
    const caseId = await newCase(off.client, "Quiet case");
    expect((await off.client.post(`/api/cases/${caseId}/referral`)).status).toBe(201);
    await t.client().post("/api/auth/request-password-reset", { email: off.email });
    await settled();
    expect(to(off.email).map((m) => m.subject)).toEqual(["Reset your LawGuide password"]);
    expect(to("desk@lawguide.test")).toEqual([]);

    // Notifications on, but the member said no: only the administrators' notice goes.
    await t.services.settings.update("notifications", { enableEmailNotifications: true }, {});
    const optedOut = await t.member();
    await settled();
    received.length = 0;
    await t.services.db
      .update(userProfiles)
      .set({ preferences: { emailNotifications: false, pushNotifications: true, marketingEmails: false } })
      .where(eq(userProfiles.id, optedOut.id));
    const other = await newCase(optedOut.client, "Opted out");
    expect((await optedOut.client.post(`/api/cases/${other}/referral`)).status).toBe(201);
    await settled();
    expect(to(optedOut.email)).toEqual([]);
    expect(to("desk@lawguide.test").map((m) => m.subject)).toEqual(["New case referral request on LawGuide"]);

    // Case updates off: the referral mail to the member is not sent.
    await t.services.settings.update("notifications", { caseUpdateEmailEnabled: false }, {});
    const member = await t.member();
    await settled();
    const third = await newCase(member.client, "No updates");
    expect((await member.client.post(`/api/cases/${third}/referral`)).status).toBe(201);
    await settled();
    expect(to(member.email).map((m) => m.subject)).toEqual(["Welcome to LawGuide"]);
  });

  it("unsubscribes with one click, once, and only the member the link names", async () => {
    const { client, email, id } = await t.member();
    const other = await t.member();
    await arrivals(2);
    const link = to(email)[0]?.text.match(/http:\/\/localhost:3000(\/unsubscribe\?token=[\w.-]+)/)?.[1] ?? "";
    expect(link).toBeTruthy();

    // Opening the link changes nothing (link checkers open links): it asks for the click.
    const page = await t.client().get(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Unsubscribe from LawGuide e-mails");
    expect(html).toContain(`<form method="post" action="${link.replace(/&/g, "&amp;")}">`);
    expect((await client.me())?.preferences.emailNotifications).toBe(true);

    // The click (or a mail client's one-click POST, with no Origin and no cookie).
    const done = await t.app.request(link, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed");
    expect((await client.me())?.preferences).toMatchObject({ emailNotifications: false, marketingEmails: false });
    expect((await other.client.me())?.preferences.emailNotifications).toBe(true);

    // Once only: the member turns mail on again, and the old link no longer turns it off.
    await client.put("/api/profile/preferences", {
      emailNotifications: true,
      pushNotifications: true,
      marketingEmails: false,
    });
    const again = await t.app.request(link, { method: "POST" });
    expect(await again.text()).toContain("This link was already used");
    expect((await client.me())?.preferences.emailNotifications).toBe(true);

    // A link altered to name another member is refused, and changes nothing.
    const [payload = "", signature = ""] = link.split("token=")[1]?.split(".") ?? [];
    const forged = Buffer.from(Buffer.from(payload, "base64url").toString("utf8").replace(id, other.id)).toString(
      "base64url",
    );
    const refused = await t.app.request(`/unsubscribe?token=${forged}.${signature}`, { method: "POST" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This unsubscribe link does not work");
    expect((await other.client.me())?.preferences.emailNotifications).toBe(true);
    expect((await t.app.request("/unsubscribe?token=nonsense", { method: "POST" })).status).toBe(400);
  });

  it("loses nothing and sends nothing twice while the receiver refuses, then is gone, then returns", async () => {
    refusal = { code: 451, message: "Try again later" };
    const members = [await t.member(), await t.member()];
    for (const m of members) await t.client().post("/api/auth/request-password-reset", { email: m.email });
    // Each mail has been tried and refused at least once.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received).toHaveLength(0);
    const waiting = (await (await (await t.admin()).get("/api/admin/mail")).json()) as {
      deliveries: Array<{ state: string; lastError: string | null }>;
    };
    expect(waiting.deliveries.filter((d) => d.state === "retrying").length).toBeGreaterThan(0);
    expect(waiting.deliveries.find((d) => d.state === "retrying")?.lastError).toContain("Try again later");

    // Then no server at all on the port.
    await stopReceiver(receiver);
    refusal = null;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    receiver = await startReceiver(port);

    const all = await arrivals(4, 45_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(all).toHaveLength(4);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(4);
    for (const m of members) {
      expect(
        to(m.email)
          .map((mail) => mail.subject)
          .sort(),
      ).toEqual(["Reset your LawGuide password", "Welcome to LawGuide"]);
    }
  }, 60_000);

  it("keeps a mail the server refuses for good as failed; an administrator sees it and retries it", async () => {
    refusal = { code: 550, message: "No such mailbox" };
    const { email } = await t.member();
    await t.client().post("/api/auth/request-password-reset", { email });
    await settled();
    expect(received).toHaveLength(0);
    const admin = await t.admin();
    const failed = (await (await admin.get("/api/admin/mail?failed=1")).json()) as {
      failedCount: number;
      deliveries: Array<{
        id: string;
        to: string;
        subject: string;
        state: string;
        attempts: number;
        lastError: string;
      }>;
    };
    expect(failed.failedCount).toBe(2);
    expect(failed.deliveries.map((d) => d.subject).sort()).toEqual([
      "Reset your LawGuide password",
      "Welcome to LawGuide",
    ]);
    // Refused for good on the first try: not tried again and again.
    expect(failed.deliveries.every((d) => d.state === "failed" && d.attempts === 1)).toBe(true);
    expect(failed.deliveries[0]?.lastError).toContain("550");
    // Its text (a reset link) is not in the list.
    expect(JSON.stringify(failed)).not.toContain("token=");

    refusal = null;
    // Older than the newest 200 mails: a retry still finds it (it once answered 404 then).
    await t.services.database.query(
      `insert into ${JOBS_SCHEMA}.job (name, data, state, created_on)
         select 'mail', '{}'::jsonb, 'completed', now() + interval '1 minute' from generate_series(1, 201)`,
    );
    const reset = failed.deliveries.find((d) => d.subject.startsWith("Reset"));
    const retried = await admin.post(`/api/admin/mail/${reset?.id}/retry`);
    expect(retried.status).toBe(200);
    expect((await retried.json()).delivery).toMatchObject({ id: reset?.id, subject: "Reset your LawGuide password" });
    await arrivals(1);
    expect(received[0]?.subject).toBe("Reset your LawGuide password");
    // A mail no longer failed cannot be retried again, nor can one that does not exist.
    await settled();
    expect((await admin.post(`/api/admin/mail/${reset?.id}/retry`)).status).toBe(409);
    expect((await admin.post("/api/admin/mail/00000000-0000-4000-8000-000000000000/retry")).status).toBe(404);
    expect((await admin.post("/api/admin/mail/not-an-id/retry")).status).toBe(400);
    const after = (await (await admin.get("/api/admin/mail")).json()) as {
      failedCount: number;
      deliveries: Array<{ id: string; state: string; attempts: number }>;
    };
    expect(after.failedCount).toBe(1);
    // Past the list's newest 50, so read on its own.
    expect(await t.services.mailer.delivery(reset?.id ?? "")).toMatchObject({ state: "sent", attempts: 2 });
    const logged = await t.services.db.select().from(appLogs).where(eq(appLogs.message, "Mail retried"));
    expect(logged.map((row) => row.metadata)).toEqual([{ mailId: reset?.id }]);
  });
});

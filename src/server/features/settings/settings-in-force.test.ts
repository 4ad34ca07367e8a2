import { AUTH_TEXT } from "@shared/messages";
import {
  DEFAULT_SETTINGS,
  SETTINGS_SECTIONS,
  type SettingsSection,
  settingsSectionSchemas,
} from "@shared/schemas/settings";
import { SETTING_FIELDS, settingBounds, settingInForce } from "@shared/settings-fields";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { startAiFakes } from "../../../../tests/factories/ai";
import { errorBody } from "../../../../tests/factories/responses";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { auditLogs, session, subscriptions, systemSettings, usageCounters } from "../../db/schema";
import { utcDay } from "../usage/usage.service";

const fakes = await startAiFakes();
const t = setupTestApp(fakes.env);

beforeEach(() => {
  fakes.openai.reset();
  fakes.anthropic.reset();
});

async function change(admin: TestClient, body: Record<string, unknown>) {
  const response = await admin.patch("/api/admin/settings", body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  return (await response.json()).settings;
}

/**
 * Where each setting in force is shown to be in force: this file, or the feature's own tests.
 * A setting moved into force in `src/shared/settings-fields.ts` must be added here with its test.
 */
const PROVEN_BY: Record<string, string> = {
  "general.siteName": "this file: mails, maintenance answer, public settings",
  "general.siteDescription": "this file: public settings (the browser's titles and footer read them)",
  "general.supportEmail": "this file: mails, maintenance answer, public settings",
  "general.supportPhone": "support/support.test.ts 'gives the phone line to Premium members only'",
  "general.allowRegistration": "this file; auth.test.ts 'is refused while registration is turned off'",
  "general.maxFileUploadSize": "uploads/uploads.test.ts 'follows the administrator's size limit, in its words'",
  "general.maintenanceMode": "http/maintenance.test.ts",
  "ai.defaultProvider": "this file",
  "ai.enableComparison": "cases/chat.test.ts 'is off for everyone when the setting says so'",
  "ai.freeUserMessageLimit": "this file; cases/chat.test.ts 'follows the freeUserMessageLimit setting'",
  "ai.previewTokenLimit": "this file",
  "ai.responseTimeout": "cases/chat.test.ts 'cuts a hanging provider at the responseTimeout setting'",
  "ai.freeDailyTokenCap": "usage/ai-limits.test.ts 'refuses AI calls over the daily token cap'",
  "ai.basicDailyTokenCap": "this file",
  "ai.premiumDailyTokenCap": "this file; usage/ai-limits.test.ts 'gives Premium members their own, larger cap'",
  "ai.aiCallsPerMinute": "usage/ai-limits.test.ts 'limits AI calls per minute'",
  "subscription.trialPeriodDays": "this file",
  "subscription.enableTrials": "this file",
  "subscription.gracePeriodDays": "billing/billing.stripe.test.ts 'keeps the plan through the grace period'",
  "security.sessionTimeout": "this file; auth.test.ts 'gives sessions the timeout of the security settings'",
  "security.passwordMinLength": "this file; auth.test.ts",
  "security.maxLoginAttempts": "this file; auth.test.ts 'follows the maxLoginAttempts setting'",
  "notifications.enableEmailNotifications": "this file",
  "notifications.paymentEmailEnabled": "this file",
  "notifications.caseUpdateEmailEnabled": "admin/cases and admin/attorneys tests (assignment mails); mail/smtp.test.ts",
  "security.requireEmailVerification": "auth/email-verification.test.ts",
  "security.enableTwoFactor": "auth/two-factor.test.ts",
  "notifications.welcomeEmailEnabled": "mail/smtp.test.ts (sends nothing a switch turns off)",
  "notifications.adminNotificationEmail": "mail/smtp.test.ts (the administrators' notice)",
};

describe("the list of settings", () => {
  it("describes every setting of every section, and each one in force names its test", () => {
    for (const section of SETTINGS_SECTIONS) {
      for (const key of Object.keys(settingsSectionSchemas[section].shape)) {
        const field = (SETTING_FIELDS[section] as Record<string, { label: string; help: string } | undefined>)[key];
        expect(field?.label, `${section}.${key} needs an entry in SETTING_FIELDS`).toBeTruthy();
        expect(field?.help, `${section}.${key} needs a help text`).toBeTruthy();
        if (settingInForce(section, key)) {
          expect(PROVEN_BY[`${section}.${key}`], `${section}.${key} is in force: name its test`).toBeTruthy();
        } else {
          expect(PROVEN_BY[`${section}.${key}`], `${section}.${key} is not in force`).toBeUndefined();
        }
      }
    }
  });
});

describe("PATCH /api/admin/settings", () => {
  it("saves several sections together, with one audit row per changed section", async () => {
    const admin = await t.admin();
    const settings = await change(admin, {
      general: { siteName: "  Acme Legal  " },
      ai: { freeUserMessageLimit: 12 },
      security: { passwordMinLength: DEFAULT_SETTINGS.security.passwordMinLength },
    });
    expect(settings.general.siteName).toBe("Acme Legal");
    expect(settings.ai.freeUserMessageLimit).toBe(12);
    expect(settings).toEqual((await (await admin.get("/api/admin/settings")).json()).settings);
    const audits = await t.services.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update"));
    // security did not change: no row for it.
    expect(audits.map((a) => a.recordId).sort()).toEqual(["ai", "general"]);
    const ai = audits.find((a) => a.recordId === "ai");
    expect(ai?.oldValues).toMatchObject({ freeUserMessageLimit: 10 });
    expect(ai?.newValues).toMatchObject({ freeUserMessageLimit: 12 });
    expect(ai?.userId).toBeTruthy();
  });

  it("refuses out-of-bounds values with 400 naming each field, and stores nothing of the change", async () => {
    const admin = await t.admin();
    const response = await admin.patch("/api/admin/settings", {
      general: { siteName: "Kept out" },
      ai: { freeUserMessageLimit: 101 },
      security: { sessionTimeout: 0 },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("INVALID_INPUT");
    expect(body.error.message).toBe("Free user message limit must be a whole number from 1 to 100 messages.");
    expect(body.error.fields).toEqual({
      "ai.freeUserMessageLimit": "Free user message limit must be a whole number from 1 to 100 messages.",
      "security.sessionTimeout": "Session timeout must be a whole number from 1 to 168 hours.",
    });
    expect((await t.services.settings.get()).general.siteName).toBe("LawGuide");
    expect(await t.services.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update"))).toEqual([]);
  });

  // Spec section 5: every bound, just outside (refused) and at the edge (accepted).
  const bounded: Array<[SettingsSection, string, number, number]> = [
    ["general", "maxFileUploadSize", 1, 100],
    ["ai", "freeUserMessageLimit", 1, 100],
    ["ai", "previewTokenLimit", 50, 500],
    ["ai", "responseTimeout", 10, 120],
    ["subscription", "trialPeriodDays", 1, 30],
    ["subscription", "gracePeriodDays", 0, 15],
    ["security", "sessionTimeout", 1, 168],
    ["security", "passwordMinLength", 6, 20],
    ["security", "maxLoginAttempts", 3, 10],
  ];
  it.each(bounded)("keeps %s.%s from %i to %i", async (section, key, min, max) => {
    expect(settingBounds(section, key)).toEqual({ min, max });
    const admin = await t.admin();
    for (const refused of [min - 1, max + 1, min + 0.5, String(min), null]) {
      const response = await admin.patch("/api/admin/settings", { [section]: { [key]: refused } });
      expect(response.status, `${key} = ${refused}`).toBe(400);
      const fields = (await response.json()).error.fields;
      expect(Object.keys(fields)).toEqual([`${section}.${key}`]);
      expect(fields[`${section}.${key}`]).toContain(`from ${min} to ${max}`);
    }
    for (const accepted of [min, max]) {
      expect((await change(admin, { [section]: { [key]: accepted } }))[section][key]).toBe(accepted);
    }
  });

  it("refuses an unknown section, an unknown setting, a wrong type and a bad e-mail address", async () => {
    const admin = await t.admin();
    const cases: Array<[unknown, string]> = [
      [{ everything: { a: 1 } }, "_"],
      [{ general: { colour: "red" } }, "general.colour"],
      [{ general: { allowRegistration: "yes" } }, "general.allowRegistration"],
      [{ ai: { defaultProvider: "other" } }, "ai.defaultProvider"],
      [{ general: { supportEmail: "not an address" } }, "general.supportEmail"],
      [{ notifications: { adminNotificationEmail: "" } }, "notifications.adminNotificationEmail"],
      [{ general: { siteName: "   " } }, "general.siteName"],
      [{ general: { siteName: "a\u0000b" } }, "general.siteName"],
      [{ general: 3 }, "general"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.patch("/api/admin/settings", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()).error.fields), JSON.stringify(body)).toContain(field);
    }
    const named = await (await admin.patch("/api/admin/settings", { general: { supportEmail: "nope" } })).json();
    expect(named.error.message).toBe("Support e-mail must be an e-mail address, like name@example.com.");
  });

  it("names the field in the one-section route's refusal too", async () => {
    const admin = await t.admin();
    const { error } = await errorBody(await admin.put("/api/admin/settings/ai", { previewTokenLimit: 600 }), 400);
    expect(error.message).toBe("Preview token limit must be a whole number from 50 to 500 tokens.");
    expect(error.fields).toEqual({ previewTokenLimit: error.message });
  });

  it("is for administrators only", async () => {
    const member = await t.member();
    expect((await t.client().patch("/api/admin/settings", { ai: { freeUserMessageLimit: 50 } })).status).toBe(401);
    expect((await member.client.patch("/api/admin/settings", { ai: { freeUserMessageLimit: 50 } })).status).toBe(403);
    expect((await t.services.settings.get()).ai.freeUserMessageLimit).toBe(10);
  });
});

describe("general settings in force", () => {
  it("give every visitor the site's name, description and support address", async () => {
    await change(await t.admin(), {
      general: { siteName: "Acme Legal", siteDescription: "Plain answers", supportEmail: "help@acme.example" },
    });
    const body = await (await t.client().get("/api/settings/public")).json();
    expect(body).toMatchObject({
      siteName: "Acme Legal",
      siteDescription: "Plain answers",
      supportEmail: "help@acme.example",
    });
  });

  it("sign the password-reset mail with the site's name and support address", async () => {
    const member = await t.member();
    await change(await t.admin(), { general: { siteName: "Acme Legal", supportEmail: "help@acme.example" } });
    expect((await t.client().post("/api/auth/request-password-reset", { email: member.email })).status).toBe(200);
    const [mail] = (await t.outbox()).filter((m) => m.to === member.email);
    expect(mail?.subject).toBe("Reset your Acme Legal password");
    expect(mail?.text).toContain("your Acme Legal account");
    expect(mail?.text).toContain("Questions? Write to help@acme.example.");
    expect(mail?.text).not.toContain("LawGuide");
    expect(mail?.html).toContain("help@acme.example");
  });

  it("close registration", async () => {
    await change(await t.admin(), { general: { allowRegistration: false } });
    const response = await t.client().signUp({ email: "closed@example.com" });
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe(AUTH_TEXT.registrationClosed);
    await change(await t.admin(), { general: { allowRegistration: true } });
    expect((await t.client().signUp({ email: "closed@example.com" })).status).toBe(200);
  });
});

describe("security settings in force", () => {
  const sessionOf = async (userId: string) =>
    (await t.services.db.select().from(session).where(eq(session.userId, userId)))[0];
  /** Make the member's session look renewed `hoursAgo` hours ago, expiring `expiresInHours` from now. */
  const age = (userId: string, hoursAgo: number, expiresInHours: number) =>
    t.services.db
      .update(session)
      .set({
        updatedAt: new Date(Date.now() - hoursAgo * 3_600_000),
        expiresAt: new Date(Date.now() + expiresInHours * 3_600_000),
      })
      .where(eq(session.userId, userId));

  it("sessionTimeout: a session unused for longer than the timeout is signed out", async () => {
    const member = await t.member();
    await change(await t.admin(), { security: { sessionTimeout: 2 } });
    // Renewed 3 hours ago, and made when the timeout was longer: its stored expiry is still ahead.
    await age(member.id, 3, 21);
    expect(await member.client.me()).toBeNull();
    expect((await member.client.get("/api/cases")).status).toBe(401);
    expect((await sessionOf(member.id))?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("sessionTimeout: a shorter timeout applies to open sessions at once, a session in use stays", async () => {
    const idle = await t.member();
    const active = await t.member();
    expect(await idle.client.me()).not.toBeNull();
    await age(idle.id, 2, 22);
    await age(active.id, 0.5, 23.5);
    await change(await t.admin(), { security: { sessionTimeout: 1 } });
    expect(await idle.client.me()).toBeNull();
    expect(await active.client.me()).not.toBeNull();
    // Its expiry is pulled in to the new timeout.
    const left = ((await sessionOf(active.id))?.expiresAt.getTime() ?? 0) - Date.now();
    expect(left).toBeGreaterThan(0.99 * 3_600_000);
    expect(left).toBeLessThanOrEqual(3_600_000);
  });

  it("sessionTimeout: a session in use is pushed out to the full timeout again", async () => {
    const member = await t.member();
    await age(member.id, 1, 23);
    expect(await member.client.me()).not.toBeNull();
    const left = ((await sessionOf(member.id))?.expiresAt.getTime() ?? 0) - Date.now();
    expect(left).toBeGreaterThan(23.9 * 3_600_000);
    // Used again a minute later: not written again.
    const renewed = (await sessionOf(member.id))?.updatedAt.getTime();
    expect(await member.client.me()).not.toBeNull();
    expect((await sessionOf(member.id))?.updatedAt.getTime()).toBe(renewed);
  });

  it("passwordMinLength: sign-up, password change and reset follow it", async () => {
    await change(await t.admin(), { security: { passwordMinLength: 12 } });
    const short = await t.client().signUp({ email: "short@example.com", password: "elevenchars" });
    expect(short.status).toBe(400);
    expect((await t.client().signUp({ email: "long@example.com", password: "twelve-chars" })).status).toBe(200);
    const public_ = await (await t.client().get("/api/settings/public")).json();
    expect(public_.passwordMinLength).toBe(12);
  });

  it("maxLoginAttempts: the address is paused after that many wrong passwords", async () => {
    const member = await t.member();
    await change(await t.admin(), { security: { maxLoginAttempts: 3 } });
    const guesser = t.client();
    for (let i = 0; i < 3; i += 1) expect((await guesser.signIn(member.email, "wrong-password")).status).toBe(401);
    expect((await guesser.signIn(member.email, member.password)).status).toBe(429);
  });
});

describe("AI settings in force", () => {
  const newCase = async (client: TestClient) => (await (await client.post("/api/cases", {})).json()).case.id as string;

  it("freeUserMessageLimit: a Free member's cases allow that many messages", async () => {
    const member = await t.member();
    await change(await t.admin(), { ai: { freeUserMessageLimit: 12 } });
    const caseId = await newCase(member.client);
    const detail = (await (await member.client.get(`/api/cases/${caseId}`)).json()).case;
    expect(detail).toMatchObject({ remaining: 12, messageLimit: 12 });
    expect((await (await t.client().get("/api/settings/public")).json()).freeUserMessageLimit).toBe(12);
  });

  it("previewTokenLimit: a Free member's comparison previews are that long", async () => {
    const member = await t.member();
    await change(await t.admin(), { ai: { previewTokenLimit: 120 } });
    const caseId = await newCase(member.client);
    const response = await member.client.post(`/api/cases/${caseId}/comparisons`, { content: "x ".repeat(80) });
    expect(response.status).toBe(200);
    expect(fakes.openai.requests[0]?.body.max_completion_tokens).toBe(120);
    expect(fakes.anthropic.requests[0]?.body.max_tokens).toBe(120);
  });

  it("defaultProvider: Premium members are answered by it first, Free members by the other", async () => {
    const premium = await t.member({ premium: true });
    const free = await t.member();
    await change(await t.admin(), { ai: { defaultProvider: "openai" } });
    const ask = async (client: TestClient) => {
      const response = await client.post(`/api/cases/${await newCase(client)}/messages`, { content: "Hello there" });
      expect(response.status).toBe(200);
      await response.text();
    };
    await ask(premium.client);
    expect([fakes.openai.requests.length, fakes.anthropic.requests.length]).toEqual([1, 0]);
    await ask(free.client);
    expect([fakes.openai.requests.length, fakes.anthropic.requests.length]).toEqual([1, 1]);
  });

  it("premiumDailyTokenCap and basicDailyTokenCap: a member at their plan's cap is refused 429", async () => {
    const premium = await t.member({ premium: true });
    const caseId = await newCase(premium.client);
    await t.services.db
      .insert(usageCounters)
      .values({ userId: premium.id, metric: "ai_tokens", period: utcDay(), count: 5_000 });
    const ok = await premium.client.post(`/api/cases/${caseId}/messages`, { content: "First question" });
    expect(ok.status).toBe(200);
    await ok.text();
    await change(await t.admin(), { ai: { premiumDailyTokenCap: 5_000 } });
    await t.services.db.update(usageCounters).set({ count: 5_000 }).where(eq(usageCounters.userId, premium.id));
    const refused = await premium.client.post(`/api/cases/${caseId}/messages`, { content: "Second question" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toContain("5,000 tokens");

    const basic = await t.member();
    await t.services.db.insert(subscriptions).values({
      userId: basic.id,
      source: "demo",
      plan: "basic",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    expect((await basic.client.me())?.plan).toBe("basic");
    const basicCase = await newCase(basic.client);
    await t.services.db
      .insert(usageCounters)
      .values({ userId: basic.id, metric: "ai_tokens", period: utcDay(), count: 2_000 });
    await change(await t.admin(), { ai: { basicDailyTokenCap: 2_000 } });
    const basicRefused = await basic.client.post(`/api/cases/${basicCase}/messages`, { content: "A question" });
    expect(basicRefused.status).toBe(429);
    expect((await basicRefused.json()).error.message).toContain("2,000 tokens");
  });
});

describe("subscription and notification settings in force", () => {
  const SUCCESS = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" };
  async function subscribe(client: TestClient) {
    const { url } = await (await client.post("/api/billing/checkout", { planId: "premium" })).json();
    const sessionId = String(url).split("/").pop() ?? "";
    const page = await (await client.get(`/api/billing/demo/${sessionId}`)).json();
    expect((await client.post(`/api/billing/demo/${sessionId}/pay`, SUCCESS)).status).toBe(200);
    return page as { trialDays: number };
  }
  const periodDays = async (userId: string) => {
    const [row] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return ((row?.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / 86_400_000;
  };

  it("trialPeriodDays and enableTrials: a first subscription's trial", async () => {
    const admin = await t.admin();
    await change(admin, { subscription: { trialPeriodDays: 14 } });
    const first = await t.member();
    expect((await subscribe(first.client)).trialDays).toBe(14);
    expect(await periodDays(first.id)).toBeGreaterThan(13.99);
    expect(await periodDays(first.id)).toBeLessThanOrEqual(14);

    await change(admin, { subscription: { enableTrials: false } });
    const second = await t.member();
    expect((await subscribe(second.client)).trialDays).toBe(0);
    const [row] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.userId, second.id));
    expect(row?.status).toBe("active");
    expect((await (await t.client().get("/api/settings/public")).json()).enableTrials).toBe(false);
  });

  it("enableEmailNotifications and paymentEmailEnabled: payment mails, signed with the site's name", async () => {
    const admin = await t.admin();
    const endingSoon = async (member: { id: string; email: string }) => {
      await t.services.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() + 36 * 3_600_000) })
        .where(eq(subscriptions.userId, member.id));
      await t.services.billing.remindEndingTrials();
      return (await t.outbox()).filter((m) => m.to === member.email && m.subject.includes("trial ends"));
    };

    await change(admin, { notifications: { paymentEmailEnabled: false } });
    const a = await t.member();
    await subscribe(a.client);
    expect(await endingSoon(a)).toHaveLength(0);

    await change(admin, { notifications: { paymentEmailEnabled: true, enableEmailNotifications: false } });
    const b = await t.member();
    await subscribe(b.client);
    expect(await endingSoon(b)).toHaveLength(0);

    await change(admin, {
      notifications: { enableEmailNotifications: true },
      general: { siteName: "Acme Legal", supportEmail: "help@acme.example" },
    });
    const c = await t.member();
    await subscribe(c.client);
    const [mail] = await endingSoon(c);
    expect(mail?.subject).toMatch(/^Your Acme Legal Premium Solutions trial ends on /);
    expect(mail?.text).toContain("Questions? Write to help@acme.example.");
  });

  it("keep a value stored before a setting existed working (defaults fill the rest)", async () => {
    await t.services.db
      .update(systemSettings)
      .set({ values: { siteName: "Only this" } })
      .where(eq(systemSettings.section, "general"));
    t.services.settings.invalidate();
    const settings = await t.services.settings.get();
    expect(settings.general).toEqual({ ...DEFAULT_SETTINGS.general, siteName: "Only this" });
  });
});

import type { ActivityFeed, AdminCharts, AdminStats, AppLogView, AuditLogView, LogPage } from "@shared/schemas/admin";
import { encodeListCursor } from "@shared/schemas/text";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectAdminOnly } from "../../../../tests/factories/admin-access";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { appLogs, auditLogs, user } from "../../db/schema";
import { logIdAsUuid } from "../logs/logs.service";
import { toActivityEntry } from "./activity";
import type { AppActivityRow, AuditActivityRow } from "./admin.queries";

const t = setupTestApp();

const DAY = 86_400_000;
/** Midnight (UTC) of today, and of `n` days before. */
const utcMidnight = (daysBefore = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysBefore * DAY);
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function read<T>(client: TestClient, path: string): Promise<T> {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

type AppRow = typeof appLogs.$inferInsert;
async function insertApp(rows: AppRow[]) {
  return t.services.db.insert(appLogs).values(rows).returning();
}

describe("admin overview and log routes: who may call them", () => {
  it("answer 401 signed out, 403 to a member and a Premium member, 200 to the administrator", async () => {
    await expectAdminOnly(
      t,
      [
        "/api/admin/stats",
        "/api/admin/activity",
        "/api/admin/activity?limit=5",
        "/api/admin/charts",
        "/api/admin/logs",
        "/api/admin/logs?category=auth&limit=5",
        "/api/admin/audit-logs",
        "/api/admin/audit-logs?action=settings",
      ].map((path) => ({ path })),
    );
  });
});

describe("GET /api/admin/logs", () => {
  it("combines level, category, user (id or part of the e-mail), message and date range", async () => {
    const { id: ada } = await t.member({ email: "ada.lovelace@example.com" });
    const { id: bob } = await t.member({ email: "bob@example.com" });
    const at = (daysBefore: number) => new Date(Date.now() - daysBefore * DAY);
    await t.services.db.delete(appLogs);
    const inserted = await insertApp([
      { userId: ada, level: "warn", category: "ai", message: "Failed to get response from OpenAI", createdAt: at(1) },
      {
        userId: ada,
        level: "warn",
        category: "ai",
        message: "Failed to get response from Anthropic",
        createdAt: at(5),
      },
      { userId: ada, level: "info", category: "ai", message: "AI response from OpenAI", createdAt: at(1) },
      { userId: ada, level: "warn", category: "auth", message: "Sign-in failed", createdAt: at(1) },
      { userId: bob, level: "warn", category: "ai", message: "Failed to get response from OpenAI", createdAt: at(1) },
      { userId: null, level: "warn", category: "ai", message: "Failed to get response from OpenAI", createdAt: at(1) },
    ]);
    const admin = await t.admin();
    const from = encodeURIComponent(at(2).toISOString());
    const to = encodeURIComponent(at(0).toISOString());
    const page = await read<LogPage<AppLogView>>(
      admin,
      `/api/admin/logs?level=warn&category=ai&user=LOVELACE&from=${from}&to=${to}`,
    );
    expect(page.logs.map((l) => l.id)).toEqual([inserted[0]?.id]);
    expect(page.logs[0]).toMatchObject({
      level: "warn",
      category: "ai",
      userId: ada,
      user: { id: ada, email: "ada.lovelace@example.com", name: "Member" },
    });
    expect(page.nextCursor).toBeNull();

    // The user filter also takes the member's id; the message filter is a case-insensitive part.
    const byId = await read<LogPage<AppLogView>>(admin, `/api/admin/logs?user=${ada}&message=anthropic`);
    expect(byId.logs.map((l) => l.id)).toEqual([inserted[1]?.id]);
    const byUserId = await read<LogPage<AppLogView>>(admin, `/api/admin/logs?userId=${bob}`);
    expect(byUserId.logs.map((l) => l.id)).toEqual([inserted[4]?.id]);
    // Nobody's e-mail contains it: nothing.
    expect((await read<LogPage<AppLogView>>(admin, "/api/admin/logs?user=nobody-here")).logs).toEqual([]);
    // A LIKE wildcard is taken literally.
    expect((await read<LogPage<AppLogView>>(admin, "/api/admin/logs?user=%25")).logs).toEqual([]);
  });

  it("pages newest first with a cursor: every row once, none skipped, even with equal times", async () => {
    const admin = await t.admin();
    await t.services.db.delete(appLogs);
    const base = Date.now() - 60_000;
    // 23 rows, several sharing a time (the id breaks the tie).
    const rows = Array.from({ length: 23 }, (_, i) => ({
      level: "info",
      category: "case",
      message: `row ${i}`,
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    }));
    const inserted = await insertApp(rows);
    const expected = [...inserted]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => r.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: LogPage<AppLogView> = await read(
        admin,
        `/api/admin/logs?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...page.logs.map((l) => l.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(5);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(23);

    // A new row written while paging does not shift the pages already read.
    const first: LogPage<AppLogView> = await read(admin, "/api/admin/logs?limit=10");
    await insertApp([{ level: "info", category: "case", message: "late", createdAt: new Date() }]);
    const second: LogPage<AppLogView> = await read(
      admin,
      `/api/admin/logs?limit=10&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
    );
    expect(second.logs.map((l) => l.id)).toEqual(expected.slice(10, 20));
  });
});

describe("GET /api/admin/audit-logs", () => {
  it("combines user, action (partial, any case), table and date range; pages with a cursor", async () => {
    const { id: ada } = await t.member({ email: "ada@example.com" });
    const admin = await t.admin();
    const adminId = (await admin.me())?.id ?? "";
    await t.services.db.delete(auditLogs);
    const now = Date.now();
    const inserted = await t.services.db
      .insert(auditLogs)
      .values([
        {
          userId: adminId,
          action: "settings.update",
          tableName: "system_settings",
          recordId: "general",
          oldValues: { siteName: "LawGuide", maintenanceMode: false },
          newValues: { siteName: "LawGuide US", maintenanceMode: false },
          createdAt: new Date(now - 1000),
        },
        {
          userId: adminId,
          action: "settings.update",
          tableName: "system_settings",
          createdAt: new Date(now - 10 * DAY),
        },
        { userId: adminId, action: "user.unlock", tableName: "login_attempts", createdAt: new Date(now - 2000) },
        { userId: ada, action: "account.delete", tableName: "user", createdAt: new Date(now - 3000) },
      ])
      .returning();
    const from = encodeURIComponent(new Date(now - DAY).toISOString());
    const page = await read<LogPage<AuditLogView>>(
      admin,
      `/api/admin/audit-logs?user=admin%40example&action=SETTINGS.UP&table=system_settings&from=${from}`,
    );
    expect(page.logs.map((l) => l.id)).toEqual([inserted[0]?.id]);
    expect(page.logs[0]).toMatchObject({
      action: "settings.update",
      tableName: "system_settings",
      recordId: "general",
      oldValues: { siteName: "LawGuide", maintenanceMode: false },
      newValues: { siteName: "LawGuide US", maintenanceMode: false },
      user: { email: "admin@example.com" },
    });
    // The table is matched exactly.
    expect((await read<LogPage<AuditLogView>>(admin, "/api/admin/audit-logs?table=system")).logs).toEqual([]);
    expect((await read<LogPage<AuditLogView>>(admin, `/api/admin/audit-logs?user=${ada}`)).logs).toHaveLength(1);

    const one = await read<LogPage<AuditLogView>>(admin, "/api/admin/audit-logs?limit=2");
    const two = await read<LogPage<AuditLogView>>(
      admin,
      `/api/admin/audit-logs?limit=2&cursor=${encodeURIComponent(one.nextCursor ?? "")}`,
    );
    expect([...one.logs, ...two.logs].map((l) => l.id)).toEqual(
      [inserted[0], inserted[2], inserted[3], inserted[1]].map((r) => r?.id),
    );
    expect(two.nextCursor).toBeNull();
  });
});

describe("bad query parameters", () => {
  it("answer 400 with a clear message, never 500", async () => {
    const admin = await t.admin();
    const notALogCursor = encodeListCursor({
      ts: "2026-01-01 00:00:00+00",
      id: "123e4567-e89b-12d3-a456-426614174000",
    });
    for (const path of [
      "/api/admin/logs?level=loud",
      "/api/admin/logs?category=everything",
      "/api/admin/logs?limit=0",
      "/api/admin/logs?limit=501",
      "/api/admin/logs?limit=ten",
      "/api/admin/logs?from=yesterday",
      "/api/admin/logs?from=2026-13-01",
      "/api/admin/logs?from=2026-03-02&to=2026-03-01",
      // One date refused and the other valid: the range check has nothing to compare.
      "/api/admin/logs?from=-065972-06-03T22:28:11.678Z&to=2026-01-31",
      "/api/admin/audit-logs?from=2026-01-31&to=%2B275760-09-13",
      "/api/admin/logs?cursor=not-a-cursor",
      `/api/admin/logs?cursor=${notALogCursor}`,
      "/api/admin/logs?userId=bad%20id",
      `/api/admin/logs?message=${"x".repeat(101)}`,
      "/api/admin/logs?user=%00",
      "/api/admin/audit-logs?cursor=%E2%80%8B",
      `/api/admin/audit-logs?cursor=${notALogCursor}`,
      "/api/admin/audit-logs?to=1999-12-31",
      `/api/admin/audit-logs?action=${"a".repeat(101)}`,
      "/api/admin/activity?limit=0",
      "/api/admin/activity?limit=51",
      "/api/admin/activity?limit=many",
    ]) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code, path).toBe("INVALID_INPUT");
      expect(body.error.message.length, path).toBeGreaterThan(5);
    }
  });

  it("carry a log's id inside the list cursor's uuid", () => {
    expect(logIdAsUuid(1)).toBe("00000000-0000-0000-0000-000000000001");
    expect(logIdAsUuid(0x12_3456_789a_bcde)).toBe("00000000-0000-0000-0012-3456789abcde");
  });
});

describe("GET /api/admin/activity", () => {
  it("shows a registration and an AI query once they happen, newest first, with who and when", async () => {
    const admin = await t.admin();
    const before = await read<ActivityFeed>(admin, "/api/admin/activity");
    expect(before.entries.some((e) => e.who?.email === "grace@example.com")).toBe(false);

    const { client: grace } = await t.member({ email: "grace@example.com", firstName: "Grace" });
    const afterSignUp = await read<ActivityFeed>(admin, "/api/admin/activity");
    expect(afterSignUp.entries[0]).toMatchObject({
      kind: "registration",
      text: "New member registered",
      who: { name: "Grace", email: "grace@example.com" },
      warning: false,
    });
    expect(Date.now() - Date.parse(afterSignUp.entries[0]?.at ?? "")).toBeLessThan(60_000);

    const created = await grace.post("/api/cases", {});
    const caseId = (await created.json()).case.id as string;
    const sent = await grace.post(`/api/cases/${caseId}/messages`, { content: "Can my landlord keep my deposit?" });
    expect(sent.status).toBe(200);
    expect(parseSse(await sent.text()).some((e) => e.event === "done")).toBe(true);

    const feed = await read<ActivityFeed>(admin, "/api/admin/activity?limit=10");
    const kinds = feed.entries.filter((e) => e.who?.email === "grace@example.com").map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(["ai", "case", "registration"]);
    const ai = feed.entries.find((e) => e.kind === "ai");
    expect(ai?.text).toMatch(/^AI query answered by the offline assistant in (under 0\.1|\d+\.\d) s$/);
    expect(feed.entries.find((e) => e.kind === "case")?.text).toBe("Opened a new case");
    // Newest first; sign-ins are not activity.
    const times = feed.entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(feed.entries.some((e) => /signed in/i.test(e.text))).toBe(false);
    expect(feed.entries.length).toBeLessThanOrEqual(10);
  });

  it("merges the audit trail and describes payments, documents and referrals without their secrets", async () => {
    const { id } = await t.member({ email: "payer@example.com" });
    const admin = await t.admin();
    const adminId = (await admin.me())?.id ?? "";
    await t.services.db.delete(appLogs);
    const now = Date.now();
    /** A log line of the payer's, `msAgo` milliseconds ago. */
    const payerLog = (msAgo: number, row: Pick<AppRow, "level" | "category" | "message" | "metadata">): AppRow => ({
      userId: id,
      createdAt: new Date(now - msAgo),
      ...row,
    });
    await insertApp([
      payerLog(5000, {
        level: "info",
        category: "payment",
        message: "Checkout started",
        metadata: { planId: "premium", sessionId: "cs_secret_123" },
      }),
      payerLog(4000, {
        level: "warn",
        category: "payment",
        message: "Stripe invoice.payment_failed",
        metadata: { planId: "basic" },
      }),
      payerLog(3000, {
        level: "info",
        category: "document",
        message: "Document generated",
        metadata: { templateId: "will" },
      }),
      payerLog(2000, { level: "info", category: "case", message: "Attorney referral requested" }),
      payerLog(1500, { level: "info", category: "auth", message: "User signed in" }),
    ]);
    await t.services.db.insert(auditLogs).values({
      userId: adminId,
      action: "settings.update",
      tableName: "system_settings",
      recordId: "security",
      newValues: { passwordMinLength: 8 },
      createdAt: new Date(now - 1000),
    });
    const feed = await read<ActivityFeed>(admin, "/api/admin/activity?limit=5");
    expect(feed.entries.map((e) => [e.kind, e.text, e.warning])).toEqual([
      ["admin", "Updated the security settings", false],
      ["referral", "Asked for an attorney referral", false],
      ["document", "Generated a document: Last Will and Testament", false],
      ["payment", "Payment failed for Basic", true],
      ["payment", "Started a checkout for Premium Solutions", false],
    ]);
    expect(feed.entries[0]?.who?.email).toBe("admin@example.com");
    expect(JSON.stringify(feed)).not.toContain("cs_secret_123");
  });
});

describe("activity sentences of comparison choices", () => {
  const choice = (provider: string): AppActivityRow => ({
    source: "app",
    id: 1,
    category: "ai",
    level: "info",
    message: "Comparison answer chosen",
    metadata: { provider, model: provider === "offline" ? "lawguide-offline" : "gpt-5-mini" },
    createdAt: new Date("2026-11-24T10:00:00Z"),
    userId: "member-id",
    userName: "Member",
    userEmail: "member@example.com",
    firstName: "",
    lastName: "",
  });

  it("name the provider whose answer was kept, in plain words", () => {
    expect(toActivityEntry(choice("openai")).text).toBe("Chose the OpenAI answer in a comparison");
    expect(toActivityEntry(choice("offline")).text).toBe("Chose the offline assistant's answer in a comparison");
  });
});

describe("activity sentences of audit rows", () => {
  const audit = (row: Partial<AuditActivityRow>): AuditActivityRow => ({
    source: "audit",
    id: 1,
    action: "x",
    tableName: null,
    recordId: null,
    oldValues: null,
    newValues: null,
    createdAt: new Date("2026-11-24T10:00:00Z"),
    userId: "admin-id",
    userName: "Admin User",
    userEmail: "admin@example.com",
    firstName: "",
    lastName: "",
    ...row,
  });

  it("name what changed, with the e-mail, name or settings section, and never other values", () => {
    const cases: [Partial<AuditActivityRow>, string][] = [
      [
        { action: "user.create", tableName: "user", newValues: { email: "new@example.com", password: "hunter22" } },
        "Created a member account (new@example.com)",
      ],
      [
        { action: "case.update", tableName: "cases", newValues: { assignedAttorney: "Dana Scott" } },
        "Assigned Dana Scott to a case",
      ],
      [
        { action: "case.toggle_status", tableName: "cases", newValues: { status: "archived" } },
        "Set a case's status to archived",
      ],
      [
        { action: "attorney.deactivate", tableName: "attorneys", oldValues: { name: "Lee Park" } },
        "Deactivated an attorney (Lee Park)",
      ],
      [
        { action: "ai_model.create", tableName: "ai_models", newValues: { name: "GPT-5 mini" } },
        "Created an AI model (GPT-5 mini)",
      ],
      [{ action: "settings.update", tableName: "system_settings", recordId: "ai" }, "Updated the AI settings"],
      [
        {
          action: "referral.assign",
          tableName: "attorney_referrals",
          newValues: { status: "assigned", assignedAttorney: "Dana Scott" },
        },
        "Assigned Dana Scott to a referral",
      ],
      [
        { action: "subscription.grant", tableName: "subscriptions", newValues: { plan: "basic", days: 1 } },
        "Granted the Basic plan for 1 day",
      ],
      [{ action: "widget.frobnicate", tableName: "widgets" }, "Widget frobnicate"],
    ];
    for (const [row, text] of cases) {
      const entry = toActivityEntry(audit(row));
      expect(entry.text).toBe(text);
      expect(entry).toMatchObject({ kind: "admin", who: { name: "Admin User", email: "admin@example.com" } });
      expect(JSON.stringify(entry)).not.toContain("hunter22");
    }
  });
});

describe("GET /api/admin/charts", () => {
  it("groups AI queries and their average time by UTC day, and new members by week, over 30 days", async () => {
    const { id } = await t.member();
    await t.services.db.delete(appLogs);
    const today = utcMidnight();
    const ai = (when: Date, latencyMs: number, level = "info"): AppRow => ({
      userId: id,
      level,
      category: "ai",
      message: level === "info" ? "AI response from OpenAI" : "Failed to get response from OpenAI",
      metadata: { provider: "openai", latencyMs },
      createdAt: when,
    });
    await insertApp([
      // Yesterday: the first and the last second of the day, and a failure (not a query answered).
      ai(new Date(utcMidnight(1).getTime() + 1000), 1000),
      ai(new Date(today.getTime() - 1000), 2000),
      ai(new Date(utcMidnight(1).getTime() + 3600_000), 30_000, "warn"),
      // Today, just after midnight.
      ai(new Date(today.getTime() + 500), 4200),
      // 29 days ago (in range) and 30 days ago (out of range).
      ai(new Date(utcMidnight(29).getTime() + 60_000), 500),
      ai(new Date(utcMidnight(30).getTime() + 60_000), 500),
      // A comparison choice: an ai row without a time, not a query.
      { userId: id, level: "info", category: "ai", message: "Comparison answer chosen", createdAt: today },
    ]);
    // Members: every account dated on chosen days (weeks start on Monday, UTC).
    const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
    await t.services.db.update(user).set({ createdAt: new Date(monday.getTime() - 1000) }); // last week's Sunday
    await t.services.db.update(user).set({ createdAt: monday }).where(eq(user.id, id));
    const other = await t.member();
    await t.services.db.update(user).set({ createdAt: today }).where(eq(user.id, other.id));

    const admin = await t.admin();
    const charts = await read<AdminCharts>(admin, "/api/admin/charts");
    expect(charts.to).toBe(isoDay(today));
    expect(charts.from).toBe(isoDay(utcMidnight(29)));
    expect(charts.aiQueriesPerDay).toHaveLength(30);
    expect(charts.averageAnswerSecondsPerDay).toHaveLength(30);
    const dayValue = (series: AdminCharts["aiQueriesPerDay"], d: Date) =>
      series.find((p) => p.date === isoDay(d))?.value;
    expect(dayValue(charts.aiQueriesPerDay, today)).toBe(1);
    expect(dayValue(charts.aiQueriesPerDay, utcMidnight(1))).toBe(2);
    expect(dayValue(charts.aiQueriesPerDay, utcMidnight(29))).toBe(1);
    expect(dayValue(charts.aiQueriesPerDay, utcMidnight(2))).toBe(0);
    expect(charts.aiQueriesPerDay.reduce((sum, p) => sum + (p.value ?? 0), 0)).toBe(4);
    expect(dayValue(charts.averageAnswerSecondsPerDay, utcMidnight(1))).toBe(1.5);
    expect(dayValue(charts.averageAnswerSecondsPerDay, today)).toBe(4.2);
    expect(dayValue(charts.averageAnswerSecondsPerDay, utcMidnight(2))).toBeNull();

    const weeks = charts.newMembersPerWeek;
    expect(weeks.at(-1)?.date).toBe(isoDay(monday));
    expect(weeks.every((w) => new Date(`${w.date}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect((weeks[0]?.date ?? "") <= charts.from).toBe(true);
    expect(weeks.length).toBeGreaterThanOrEqual(5);
    const total = (await t.services.db.select({ id: user.id }).from(user)).length;
    // This week: the two members; last week: everyone else (dated the Sunday before).
    expect(weeks.at(-1)?.value).toBe(2);
    expect(weeks.at(-2)?.value).toBe(total - 2);
  });
});

describe("GET /api/admin/stats", () => {
  it("counts today's answered AI queries and their average time in seconds", async () => {
    const { id } = await t.member();
    await t.services.db.delete(appLogs);
    await insertApp([
      { userId: id, level: "info", category: "ai", message: "AI response from OpenAI", metadata: { latencyMs: 1000 } },
      { userId: id, level: "info", category: "ai", message: "AI response from OpenAI", metadata: { latencyMs: 2000 } },
      { userId: id, level: "warn", category: "ai", message: "Failed", metadata: { latencyMs: 30_000 } },
      { userId: id, level: "info", category: "ai", message: "Comparison answer chosen", metadata: {} },
      {
        userId: id,
        level: "info",
        category: "ai",
        message: "AI response from OpenAI",
        metadata: { latencyMs: 9000 },
        createdAt: new Date(Date.now() - 2 * DAY),
      },
    ]);
    const admin = await t.admin();
    const stats = await read<AdminStats>(admin, "/api/admin/stats");
    expect(stats.ai).toEqual({ queries_today: 2, average_response_time: 1.5 });
  });
});

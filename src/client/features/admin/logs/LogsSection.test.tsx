import { formatFullDateTime } from "@shared/dates";
import type { AppLogView, AuditLogView, LogPage } from "@shared/schemas/admin";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeApi, json } from "@tests/factories/fake-api";
import { renderSection } from "@tests/factories/render-section";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { LogsSection } from "./LogsSection";

const CASE_ID = "20fb155b-a1b0-4ac9-be95-8c558248cd40";
const MEMBER = { id: "aPsRgInLAD2VKvsDT4ny2csmhlWsQVhe", name: "Jordan Rivera", email: "jordan@example.com" };
const ADMIN = { id: "eQgMLsIRuLCsygZUpgOkYA46INvKhaEt", name: "Admin User", email: "admin@example.com" };
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0";

const app = (row: Partial<AppLogView> & Pick<AppLogView, "id" | "category" | "message">): AppLogView => ({
  level: "info",
  metadata: {},
  userId: MEMBER.id,
  user: MEMBER,
  ipAddress: "203.0.113.7",
  userAgent: BROWSER,
  createdAt: "2026-11-28T08:55:35.000Z",
  ...row,
});

const audit = (row: Partial<AuditLogView> & Pick<AuditLogView, "id" | "action">): AuditLogView => ({
  tableName: null,
  recordId: null,
  oldValues: null,
  newValues: null,
  userId: ADMIN.id,
  user: ADMIN,
  ipAddress: "203.0.113.9",
  userAgent: BROWSER,
  createdAt: "2026-11-28T09:10:00.000Z",
  ...row,
});

/** Rows as the offline assistant and the sign-in code write them (key order as PostgreSQL's jsonb keeps it). */
const OFFLINE_ANSWER = app({
  id: 4,
  category: "ai",
  message: "AI response from Offline assistant",
  metadata: {
    model: "lawguide-offline",
    caseId: CASE_ID,
    provider: "offline",
    latencyMs: 1975,
    totalTokens: 689,
    firstTokenMs: 1011,
    promptTokens: 417,
    completionTokens: 272,
  },
  ipAddress: null,
  userAgent: null,
});
const OFFLINE_CHOSEN = app({
  id: 5,
  category: "ai",
  message: "Comparison answer chosen",
  metadata: {
    side: "openai",
    caseId: CASE_ID,
    provider: "offline",
    comparisonId: "c0ffee00-1111-4111-8111-111111111111",
  },
});
const SIGN_IN_FAILED = app({
  id: 6,
  level: "warn",
  category: "auth",
  message: "Sign-in failed",
  metadata: { email: "jordan@example.com", reason: "INVALID_EMAIL_OR_PASSWORD", scope: "address" },
  userId: null,
  user: null,
});
const PREFERENCES = app({
  id: 7,
  category: "user_action",
  message: "Preferences updated",
  metadata: { compareAnswers: "long", marketingEmails: false, pushNotifications: true, emailNotifications: true },
});

const SETTINGS_CHANGE = audit({
  id: 12,
  action: "settings.update",
  tableName: "system_settings",
  recordId: "notifications",
  oldValues: { welcomeEmailEnabled: true, adminNotificationEmail: "admin@lawguide.example" },
  newValues: { welcomeEmailEnabled: true, adminNotificationEmail: "ops@example.com" },
});
const UPLOAD_LIMIT = audit({
  id: 11,
  action: "settings.update",
  tableName: "system_settings",
  recordId: "general",
  oldValues: { siteName: "LawGuide", maxFileUploadSize: 10 },
  newValues: { siteName: "LawGuide", maxFileUploadSize: 25 },
});
const STATUS_TOGGLE = audit({
  id: 10,
  action: "case.toggle_status",
  tableName: "cases",
  recordId: CASE_ID,
  oldValues: { status: "active" },
  newValues: { status: "archived" },
});
const ATTORNEY_CREATED = audit({
  id: 9,
  action: "attorney.create",
  tableName: "attorneys",
  recordId: "1aed6d67-5d17-46aa-9241-838316ddb1fd",
  newValues: {
    id: "1aed6d67-5d17-46aa-9241-838316ddb1fd",
    bio: null,
    name: "Dana Whitfield",
    phone: null,
    caseTypes: [],
    hourlyRate: 180,
    specialties: ["Housing", "Employment"],
    availability: "busy",
    isActive: true,
  },
});
const PLAN_GRANTED = audit({
  id: 8,
  action: "subscription.grant",
  tableName: "subscriptions",
  recordId: MEMBER.id,
  newValues: {
    days: 30,
    plan: "basic",
    source: "admin",
    status: "active",
    currentPeriodEnd: "2026-12-28T08:55:35.691Z",
    cancelAtPeriodEnd: true,
  },
});
const REFERRAL_ASSIGNED = audit({
  id: 7,
  action: "referral.assign",
  tableName: "attorney_referrals",
  recordId: "0c919afa-dd15-46e9-96ee-2b83cced86a0",
  oldValues: { caseId: CASE_ID, status: "pending", attorneyId: null, caseStatus: "active", assignedAttorney: null },
  newValues: {
    caseId: CASE_ID,
    status: "assigned",
    attorneyId: "1aed6d67-5d17-46aa-9241-838316ddb1fd",
    caseStatus: "referred",
    assignedAttorney: "Dana Whitfield",
  },
});

const page = <T,>(logs: T[]): LogPage<T> => ({ logs, nextCursor: null });

function setup() {
  const api = fakeApi({
    "GET /api/admin/logs": () => json(page([OFFLINE_ANSWER, OFFLINE_CHOSEN, SIGN_IN_FAILED, PREFERENCES])),
    "GET /api/admin/audit-logs": () =>
      json(page([SETTINGS_CHANGE, UPLOAD_LIMIT, STATUS_TOGGLE, ATTORNEY_CREATED, PLAN_GRANTED, REFERRAL_ASSIGNED])),
  });
  renderSection(
    <MemoryRouter>
      <LogsSection />
    </MemoryRouter>,
  );
  return api;
}

const appPanel = () => screen.getByRole("tabpanel", { name: "Application logs" });
const entry = (name: string | RegExp) => screen.findByRole("article", { name });

/** The value a row's field of this label shows. */
function field(article: HTMLElement, label: string) {
  const term = within(article)
    .getAllByRole("term")
    .find((dt) => dt.textContent === label);
  if (!term) throw new Error(`no field '${label}' in ${article.textContent}`);
  return term.nextElementSibling?.textContent;
}

/** Nothing of a stored record's raw shape shows outside its raw record (but the short ids `allowed`). */
function expectNoRawShapes(article: HTMLElement, allowed: string[] = []) {
  // Every piece of text apart, so that a label and its value do not run together into one word.
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  const pieces: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest("pre")) pieces.push(node.textContent ?? "");
  }
  const text = allowed.reduce((t, a) => t.replaceAll(a, ""), pieces.join(" "));
  expect(text).not.toMatch(/null|undefined|\[|\]|\{|\}|"/);
  expect(text).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*\b/); // camelCase keys
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/); // snake_case names
  expect(text).not.toContain(CASE_ID);
  expect(text).not.toContain("lawguide-offline");
}

describe("the admin Logs section: application logs", () => {
  it("reads each entry as a sentence with its details as labelled fields in words", async () => {
    setup();
    const answer = await entry("AI query answered by the offline assistant in 2.0 s");
    expect(within(answer).getByText("Info")).toBeInTheDocument();
    expect(field(answer, "Provider")).toBe("Offline assistant");
    expect(field(answer, "Answer time")).toBe("2.0 s");
    expect(field(answer, "First words after")).toBe("1.0 s");
    expect(field(answer, "Total tokens")).toBe("689");
    expect(field(answer, "Case")).toBe("20fb155b…");
    expect(within(answer).queryByText("Model")).toBeNull();
    expectNoRawShapes(answer);

    const failed = await entry("Sign-in failed");
    expect(within(failed).getByText("Warning")).toBeInTheDocument();
    expect(within(failed).getByText("No signed-in user", { exact: false })).toBeInTheDocument();
    expect(field(failed, "Reason")).toBe("Invalid email or password");
    expect(field(failed, "Locked")).toBe("Sign-ins from one address");
    expect(field(failed, "IP address")).toBe("203.0.113.7");
    expect(field(failed, "Browser")).toBe(BROWSER);
    expectNoRawShapes(failed);

    const preferences = await entry("Preferences updated");
    expect(field(preferences, "Compare answers")).toBe("Long questions only");
    expect(field(preferences, "Marketing e-mails")).toBe("No");
    expect(field(preferences, "Push notifications")).toBe("Yes");
    expectNoRawShapes(preferences);
  });

  it("names the offline assistant's answer in a comparison once, in words", async () => {
    setup();
    const chosen = await entry("Chose the offline assistant's answer in a comparison");
    expect(chosen).not.toHaveTextContent(/the the/i);
    expect(field(chosen, "Side chosen")).toBe("OpenAI");
    expect(field(chosen, "Provider")).toBe("Offline assistant");
    expectNoRawShapes(chosen);
  });

  it("shows the raw record on request, and hides it again", async () => {
    setup();
    const answer = await entry(/^AI query answered/);
    const show = within(answer).getByRole("button", { name: "Show raw record" });
    expect(show).toHaveAttribute("aria-expanded", "false");
    expect(answer.querySelector("pre")).toBeNull();
    const user = userEvent.setup();
    await user.click(show);
    const hide = within(answer).getByRole("button", { name: "Hide raw record" });
    expect(hide).toHaveAttribute("aria-expanded", "true");
    const raw = answer.querySelector("pre");
    expect(raw?.closest("[id]")?.id).toBe(hide.getAttribute("aria-controls"));
    expect(JSON.parse(raw?.textContent ?? "")).toEqual({
      id: 4,
      level: "info",
      category: "ai",
      message: "AI response from Offline assistant",
      metadata: OFFLINE_ANSWER.metadata,
      userId: MEMBER.id,
      ipAddress: null,
      userAgent: null,
      createdAt: OFFLINE_ANSWER.createdAt,
    });
    await user.click(hide);
    expect(answer.querySelector("pre")).toBeNull();
    expect(within(answer).getByRole("button", { name: "Show raw record" })).toHaveAttribute("aria-expanded", "false");
  });

  it("offers the levels in words, and filters on their stored names", async () => {
    setup();
    await entry("Sign-in failed");
    const level = within(appPanel()).getByRole("combobox", { name: "Level" });
    expect(
      within(level)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All levels", "Debug", "Info", "Warning", "Error"]);
    const user = userEvent.setup();
    await user.selectOptions(level, "Warning");
    await user.click(within(appPanel()).getByRole("button", { name: "Apply filters" }));
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.map(([url]) => String(url))
          .some((url) => url.startsWith("/api/admin/logs?") && url.includes("level=warn")),
      ).toBe(true),
    );
  });
});

describe("the admin Logs section: audit trail", () => {
  async function openAudit() {
    const api = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Audit trail" }));
    return { api, user, panel: screen.getByRole("tabpanel", { name: "Audit trail" }) };
  }

  it("says what changed in a sentence, and the changed fields by their labels, before and after", async () => {
    await openAudit();
    const change = await entry("Updated the notification settings");
    expect(within(change).getByText("Settings")).toBeInTheDocument();
    const table = within(change).getByRole("table", { name: "What changed (1 of 2 fields)" });
    const row = within(table).getByRole("row", { name: /Admin notification e-mail/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["admin@lawguide.example", "ops@example.com"]);
    // An unchanged field is left to the raw record.
    expect(within(table).queryByRole("row", { name: /Welcome e-mail/ })).toBeNull();
    expectNoRawShapes(change);

    const limit = await entry("Updated the general settings");
    const limitRow = within(limit).getByRole("row", { name: /Max file upload size/ });
    expect(
      within(limitRow)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["10 MB", "25 MB"]);

    const toggle = await entry("Set a case's status to archived");
    const status = within(toggle).getByRole("row", { name: /Status/ });
    expect(
      within(status)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Active", "Archived"]);
    expect(field(toggle, "Case")).toBe("20fb155b…");
    expectNoRawShapes(toggle);
  });

  it("lists a creation's values in words: lists, prices, empty values, and no ids", async () => {
    await openAudit();
    const created = await entry("Created an attorney (Dana Whitfield)");
    expect(within(created).getByText("Values set")).toBeInTheDocument();
    expect(field(created, "Specialties")).toBe("Housing, Employment");
    expect(field(created, "Case types")).toBe("None");
    expect(field(created, "Phone")).toBe("Not set");
    expect(field(created, "Hourly rate")).toBe("$180.00 an hour");
    expect(field(created, "Availability")).toBe("Busy");
    expect(field(created, "Active")).toBe("Yes");
    expect(within(created).queryByText("Id")).toBeNull();
    expectNoRawShapes(created);

    const granted = await entry("Granted the Basic plan for 30 days");
    expect(field(granted, "Ends")).toBe(formatFullDateTime("2026-12-28T08:55:35.691Z"));
    expect(field(granted, "Source")).toBe("Granted by an administrator");
    expect(field(granted, "Days")).toBe("30 days");
    expect(field(granted, "Member")).toBe("aPsRgInL…");
    expectNoRawShapes(granted, ["aPsRgInL…"]);
  });

  it("names an attorney by the name beside their id, and shortens ids it cannot name", async () => {
    await openAudit();
    const assigned = await entry("Assigned Dana Whitfield to a referral");
    const table = within(assigned).getByRole("table");
    expect(within(table).getByRole("row", { name: /Assigned attorney/ })).toHaveTextContent("Not setDana Whitfield");
    expect(within(table).getByRole("row", { name: /Case status/ })).toHaveTextContent("ActiveReferred");
    expect(within(table).queryByRole("row", { name: /^Attorney/ })).toBeNull();
    expect(field(assigned, "Referral")).toBe("0c919afa…");
    expectNoRawShapes(assigned);
  });

  it("filters by table, offered in words", async () => {
    const { panel, user } = await openAudit();
    await entry("Updated the notification settings");
    const table = within(panel).getByRole("combobox", { name: "Table" });
    expect(
      within(table)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toContain("Member accounts");
    await user.selectOptions(table, "Settings");
    await user.click(within(panel).getByRole("button", { name: "Apply filters" }));
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.map(([url]) => String(url))
          .some((url) => url.startsWith("/api/admin/audit-logs?") && url.includes("table=system_settings")),
      ).toBe(true),
    );
  });
});

import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { PUBLIC_AUTH_ENDPOINTS } from "../../src/server/auth/auth";
import { DEFAULT_SETTINGS } from "../../src/shared/schemas/settings";
import { generateWill, WILL_ANSWERS } from "../factories/documents";
import { storedUpload } from "../factories/members";
import { PROFILE } from "../factories/people";
import { parseSse } from "../factories/sse";
import { ADMIN, setupTestApp } from "../factories/test-app";
import { TestClient } from "../factories/test-client";
import { leasePdf } from "../factories/uploads";

/**
 * The authorization matrix: every route the app serves (listed from `app.routes`, plus the
 * better-auth endpoints behind `/api/auth/*`) × five actors: a visitor (no session), a Free member,
 * a Premium member, another Free member who owns none of the records named in the path, and the
 * administrator. Each route has one named rule (`RULES`), which says per actor either which refusal
 * it gets (401 signed out, 402 for a plan without the feature, 403 not an administrator, 404 for
 * someone else's record) or that it gets through authorization (`ok`: a 2xx, or the status the
 * route's entry names when its request is meant to stop later, past the checks of who may ask).
 *
 * The records named in requests are real: cases, a comparison, an upload with its bytes, a
 * generated will and a demo checkout of each member's; an attorney, a referral, a user, an AI
 * model and a testimonial for the administrators' routes. The Free and Premium members name their
 * own; the visitor, the other member and the administrator name the Free member's, so a 404 to
 * them shows that only a record's owner reaches it through the members' routes. Routes that change
 * or remove what they name get records of their own, and the refused actors ask before the allowed
 * ones: the allowed actors' success afterwards shows the refusals changed nothing they needed.
 * Outside the administrators' routes, no answer to anyone but the Free member names its id, e-mail
 * address or records (the lists included: the records exist before the first request).
 *
 * A route without an entry in `MATRIX`, or an entry for a route that no longer exists, fails the
 * first test.
 */

const t = setupTestApp();

// ---------------------------------------------------------------------------------------------
// Actors and rules.

const ACTORS = ["visitor", "free", "premium", "other", "admin"] as const;
type ActorName = (typeof ACTORS)[number];

/** Through authorization, or refused with this status. */
type Outcome = "ok" | 401 | 402 | 403 | 404;

/** Who may call a route; per actor, what it gets. */
const RULES = {
  /** Anyone, signed in or not. */
  public: { visitor: "ok", free: "ok", premium: "ok", other: "ok", admin: "ok" },
  /** Any signed-in account, about its own data (nothing of anyone else's is named in the request). */
  member: { visitor: 401, free: "ok", premium: "ok", other: "ok", admin: "ok" },
  /**
   * A record of one member's is named (in the path, or in the body for uploads and checkouts):
   * its owner only. Anyone else signed in, the administrator included, is told it does not exist.
   */
  owner: { visitor: 401, free: "ok", premium: "ok", other: 404, admin: 404 },
  /** A record of the member's own, and a Premium feature: a Free owner gets 402, anyone else 404. */
  premium: { visitor: 401, free: 402, premium: "ok", other: 404, admin: 404 },
  /** Administrators only. */
  admin: { visitor: 401, free: 403, premium: 403, other: 403, admin: "ok" },
  /**
   * Stripe's webhook: no session is read, Stripe's signature is its authorization. The test app has
   * no Stripe configured, so the route answers 404 to everyone.
   */
  stripe: { visitor: 404, free: 404, premium: 404, other: 404, admin: 404 },
} as const satisfies Record<string, Record<ActorName, Outcome>>;
type Rule = keyof typeof RULES;

// ---------------------------------------------------------------------------------------------
// The records named in requests.

/**
 * Records a member owns: a case with one answered question, a case with nothing in it yet, an
 * archived case, a comparison in the first case, an upload with its bytes, a generated will, a
 * demo checkout.
 */
type MemberKind =
  | "case"
  | "emptyCase"
  | "archivedCase"
  | "comparison"
  | "upload"
  | "document"
  | "checkout"
  | "keyDate"
  | "dateCase"
  | "keyDateOffer";
/** Records of the administrators' world, and fixed path segments. */
type SharedKind =
  | "attorney"
  | "referral"
  | "user"
  | "grantee"
  | "model"
  | "testimonial"
  | "template"
  | "section"
  | "mail"
  | "lawState"
  | "lawTopic"
  | "feedFile";
type Kind = MemberKind | SharedKind;
const MEMBER_KINDS: readonly MemberKind[] = [
  "case",
  "emptyCase",
  "archivedCase",
  "comparison",
  "upload",
  "document",
  "checkout",
  "keyDate",
  "dateCase",
  "keyDateOffer",
];
const isMemberKind = (kind: Kind): kind is MemberKind => (MEMBER_KINDS as readonly Kind[]).includes(kind);

interface Member {
  client: TestClient;
  email: string;
  password: string;
  id: string;
}

/** A question long enough to open a comparison for a Free member too (over COMPARISON_MIN_CHARS). */
const COMPARISON_QUESTION =
  "My landlord kept my whole security deposit for normal wear and tear after I rented the flat for five years. What can I do?";

/** The lease as a PDF (built once). */
let leaseBytes: Promise<Uint8Array> | undefined;
const lease = () => {
  leaseBytes ??= leasePdf();
  return leaseBytes;
};

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${process.pid}`;

async function json<T>(response: Response, status: number, what: string): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Made once per instance, when a request first names them. */
class Records<K extends string> {
  private readonly made = new Map<K, Promise<string>>();
  constructor(private readonly makers: Record<K, () => Promise<string>>) {}
  get(kind: K): Promise<string> {
    let id = this.made.get(kind);
    if (!id) {
      id = this.makers[kind]();
      this.made.set(kind, id);
    }
    return id;
  }
}

async function newCase(m: Member, title = "Deposit dispute"): Promise<string> {
  return (await json<{ case: { id: string } }>(await m.client.post("/api/cases", { title }), 201, "case")).case.id;
}

function memberRecords(m: Member): Records<MemberKind> {
  const offers = new Map<string, string>();
  const records: Records<MemberKind> = new Records<MemberKind>({
    async case() {
      const id = await newCase(m);
      const answered = await m.client.post(`/api/cases/${id}/messages`, { content: "Can my landlord keep it all?" });
      const events = parseSse(await answered.text());
      if (!events.some((e) => e.event === "done")) throw new Error(`no answer in the case: ${JSON.stringify(events)}`);
      return id;
    },
    emptyCase: () => newCase(m, "New matter"),
    async archivedCase() {
      const id = await newCase(m, "Closed matter");
      await json(await m.client.post(`/api/cases/${id}/archive`), 200, "archive");
      return id;
    },
    async comparison() {
      const caseId = await records.get("case");
      const response = await m.client.post(`/api/cases/${caseId}/comparisons`, { content: COMPARISON_QUESTION });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`comparison: ${response.status} ${text}`);
      // A Free member gets the previews as JSON; a Premium member the full answers as a stream.
      if (response.headers.get("content-type")?.includes("json")) {
        return (JSON.parse(text) as { comparison: { id: string } }).comparison.id;
      }
      const events = parseSse(text);
      const started = events.find((e) => e.event === "comparison");
      if (!started || !events.some((e) => e.event === "done")) throw new Error(`comparison stream: ${text}`);
      return started.data.id as string;
    },
    upload: async () => storedUpload(t, { userId: m.id, fileName: "lease.pdf", bytes: await lease(), title: "Lease" }),
    async document() {
      return (await generateWill(m.client)).id;
    },
    /** A key date in the member's answered case. */
    async keyDate() {
      const caseId = await records.get("case");
      const created = await m.client.post(`/api/cases/${caseId}/key-dates`, {
        event: "moved-out",
        eventDate: new Date().toISOString().slice(0, 10),
        state: "TX",
      });
      return (await json<{ keyDate: { id: string } }>(created, 201, "key date")).keyDate.id;
    },
    /** A case of its own where the member stated a date, and the assistant offered to add it. */
    async dateCase() {
      const caseId = await newCase(m, "Deposit after moving out");
      const [year, month, day] = new Date().toISOString().slice(0, 10).split("-").map(Number);
      const sent = await m.client.post(`/api/cases/${caseId}/messages`, {
        content: `I moved out on ${month}/${day}/${year}.`,
      });
      const done = parseSse(await sent.text()).find((e) => e.event === "done");
      const offer = (done?.data as { keyDateOffer?: { id: string } | null } | undefined)?.keyDateOffer;
      if (!offer) throw new Error(`no key date offer: ${JSON.stringify(done)}`);
      offers.set(caseId, offer.id);
      return caseId;
    },
    /** The assistant's offer in that case. */
    async keyDateOffer() {
      const offer = offers.get(await records.get("dateCase"));
      if (!offer) throw new Error("no key date offer");
      return offer;
    },
    async checkout() {
      const { url } = await json<{ url: string }>(
        await m.client.post("/api/billing/checkout", { planId: "basic" }),
        200,
        "checkout",
      );
      return url.slice(url.lastIndexOf("/") + 1);
    },
  });
  return records;
}

function sharedRecords(admin: TestClient, owner: Member): Records<SharedKind> {
  const records: Records<SharedKind> = new Records<SharedKind>({
    async attorney() {
      const body = { name: "Grace Hopper", email: `${unique("attorney")}@hopper-law.example` };
      return (await json<{ attorney: { id: string } }>(await admin.post("/api/admin/attorneys", body), 201, "attorney"))
        .attorney.id;
    },
    async referral() {
      const caseId = await newCase(owner, "Referred matter");
      const referred = await owner.client.post(`/api/cases/${caseId}/referral`);
      return (await json<{ referral: { id: string } }>(referred, 201, "referral")).referral.id;
    },
    async user() {
      const body = { email: `${unique("made")}@example.com`, password: "made-password" };
      return (await json<{ user: { id: string } }>(await admin.post("/api/admin/users", body), 201, "user")).user.id;
    },
    async grantee() {
      const id = await records.get("user");
      const grant = { planId: "premium", days: 7 };
      await json(await admin.put(`/api/admin/users/${id}/subscription`, grant), 200, "grant");
      return id;
    },
    async model() {
      const body = { name: "Matrix model", provider: "openai", model: "gpt-matrix", isActive: false };
      return (await json<{ model: { id: string } }>(await admin.post("/api/admin/ai-models", body), 201, "model")).model
        .id;
    },
    async testimonial() {
      const body = { quote: "The matrix testimonial.", author: "A tester" };
      return (
        await json<{ testimonial: { id: string } }>(
          await admin.post("/api/admin/testimonials", body),
          201,
          "testimonial",
        )
      ).testimonial.id;
    },
    template: async () => "will",
    section: async () => "general",
    /** A mail that does not exist: past authorization, the administrator gets 404. */
    mail: async () => "00000000-0000-4000-8000-000000000000",
    lawState: async () => "TX",
    lawTopic: async () => "small-claims",
    /** A feed address nobody has: past authorization (there is none), everyone is told it does not exist. */
    feedFile: async () => `${"A".repeat(43)}.ics`,
  });
  return records;
}

/** The records one route's requests name: each member's own, and the administrators' world. */
interface World {
  free: Records<MemberKind>;
  premium: Records<MemberKind>;
  shared: Records<SharedKind>;
}

/** A record as `actor` names it: the Premium member names its own; everyone else the Free member's. */
function refOf(world: World, actor: ActorName) {
  return (kind: Kind): Promise<string> =>
    isMemberKind(kind) ? (actor === "premium" ? world.premium : world.free).get(kind) : world.shared.get(kind);
}
type Ref = ReturnType<typeof refOf>;

// ---------------------------------------------------------------------------------------------
// The matrix.

interface Entry {
  rule: Rule;
  /** The record each path parameter names. */
  params?: Record<string, Kind>;
  query?: string;
  /** The JSON body (state-changing requests get `{}` without one). */
  body?: (ref: Ref) => unknown;
  /** A multipart body instead. */
  form?: (ref: Ref) => Promise<FormData>;
  /**
   * What the allowed actors get when it is not a 2xx: the request is stopped on purpose past
   * authorization (a wrong password, an expired card), or the answer depends on the actor's plan.
   */
  ok?: readonly number[];
  /** The route changes or removes the records it names: it gets records of its own. */
  fresh?: true;
  /** The route ends the session it is sent with: each actor signs in anew for it. */
  ownSession?: true;
}

const MATRIX: Record<string, Entry> = {
  "GET /api/health": { rule: "public" },
  "GET /api/me": { rule: "public" },
  "GET /api/settings/public": { rule: "public" },
  "GET /api/testimonials": { rule: "public" },
  "GET /robots.txt": { rule: "public" },

  // better-auth (its allow-list). Bodies that would sign someone in or up are refused by their
  // checks (400), so no actor's session changes.
  "GET /api/auth/get-session": { rule: "public" },
  "POST /api/auth/sign-in/email": {
    rule: "public",
    body: () => ({ email: "not-an-address", password: "" }),
    ok: [400],
  },
  "POST /api/auth/sign-up/email": {
    rule: "public",
    body: () => ({ email: "not-an-address", password: "" }),
    ok: [400],
  },
  "POST /api/auth/request-password-reset": { rule: "public", body: () => ({ email: "nobody@example.com" }) },
  // A visitor is answered 200 whatever the address; a signed-in member asking for another
  // address than their own is refused (400).
  "POST /api/auth/send-verification-email": {
    rule: "public",
    body: () => ({ email: "nobody@example.com" }),
    ok: [200, 400],
  },
  // Two-factor sign-in: off by default (enable answers 403 to everyone); the others are refused
  // past authorization (no pending sign-in, no enrolment, a wrong password).
  "POST /api/auth/two-factor/enable": { rule: "public", body: () => ({ password: "matrix-password" }), ok: [401, 403] },
  "POST /api/auth/two-factor/disable": {
    rule: "public",
    body: () => ({ password: "matrix-password" }),
    ok: [400, 401],
  },
  "POST /api/auth/two-factor/verify-totp": { rule: "public", body: () => ({ code: "123456" }), ok: [400, 401] },
  "POST /api/auth/two-factor/verify-backup-code": {
    rule: "public",
    body: () => ({ code: "abcde-fghij" }),
    ok: [400, 401],
  },
  // A link that is not genuine: everyone is sent to the page that says so.
  "GET /api/auth/verify-email": { rule: "public", query: "token=not-a-token", ok: [302] },
  "POST /api/auth/reset-password": {
    rule: "public",
    body: () => ({ token: "not-a-token", newPassword: "another-secret-pass" }),
    ok: [400],
  },
  "POST /api/auth/change-password": {
    rule: "member",
    body: () => ({ currentPassword: "not-the-password", newPassword: "another-secret-pass" }),
    ok: [400],
  },
  "POST /api/auth/sign-out": { rule: "public", ownSession: true },

  "GET /api/cases": { rule: "member" },
  "GET /api/cases/:id/key-dates": { rule: "owner", params: { id: "case" } },
  "POST /api/cases/:id/key-dates": {
    rule: "owner",
    params: { id: "case" },
    body: () => ({ event: "other", eventDate: new Date().toISOString().slice(0, 10), state: "TX", label: "Hearing" }),
  },
  "DELETE /api/cases/:id/key-dates/:keyDateId": {
    rule: "owner",
    params: { id: "case", keyDateId: "keyDate" },
    fresh: true,
  },
  "GET /api/cases/:id/key-dates/:keyDateId/calendar": { rule: "owner", params: { id: "case", keyDateId: "keyDate" } },
  "POST /api/cases/:id/messages/:messageId/key-date-offer": {
    rule: "owner",
    params: { id: "dateCase", messageId: "keyDateOffer" },
    body: () => ({ answer: "decline" }),
    fresh: true,
  },
  "GET /api/key-dates/upcoming": { rule: "member" },
  "GET /api/key-dates/calendar": { rule: "member" },
  "PATCH /api/key-dates/calendar": { rule: "member", body: () => ({ keyDateReminders: true }) },
  "POST /api/key-dates/calendar/feed": { rule: "member" },
  "DELETE /api/key-dates/calendar/feed": { rule: "member" },
  "GET /calendar/:file": { rule: "public", params: { file: "feedFile" }, ok: [404] },
  // Nothing else lives under /calendar: not found for everyone.
  "GET /calendar": { rule: "public", ok: [404] },
  "POST /calendar": { rule: "public", ok: [404] },
  "POST /api/cases": { rule: "member", body: () => ({ title: "Noisy neighbours" }) },
  "POST /api/cases/from-upload/:id": { rule: "owner", params: { id: "upload" } },
  "GET /api/cases/:id": { rule: "owner", params: { id: "case" } },
  "GET /api/cases/:id/messages": { rule: "owner", params: { id: "case" } },
  "POST /api/cases/:id/messages": {
    rule: "owner",
    params: { id: "case" },
    body: () => ({ content: "How long does the landlord have to return it?" }),
  },
  "POST /api/cases/:id/regenerate": { rule: "owner", params: { id: "case" } },
  "POST /api/cases/:id/stop": { rule: "owner", params: { id: "case" } },
  "POST /api/cases/:id/archive": { rule: "owner", params: { id: "emptyCase" }, fresh: true },
  "POST /api/cases/:id/restore": { rule: "owner", params: { id: "archivedCase" }, fresh: true },
  "POST /api/cases/:id/referral": { rule: "owner", params: { id: "emptyCase" }, fresh: true },
  "POST /api/cases/:id/comparisons": {
    rule: "owner",
    params: { id: "case" },
    body: () => ({ content: COMPARISON_QUESTION }),
  },
  "POST /api/cases/:id/comparisons/:comparisonId/choose": {
    rule: "premium",
    params: { id: "case", comparisonId: "comparison" },
    body: () => ({ side: "openai" }),
  },

  "GET /api/profile": { rule: "member" },
  "GET /api/support": { rule: "member" },
  "PATCH /api/profile": { rule: "member", body: () => PROFILE },
  "PUT /api/profile/preferences": {
    rule: "member",
    body: () => ({ emailNotifications: true, pushNotifications: false, marketingEmails: false }),
  },
  "GET /api/profile/export": { rule: "member" },
  "POST /api/profile/delete": { rule: "member", body: () => ({ password: "not-the-password" }), ok: [400] },

  "POST /api/billing/webhook": {
    rule: "stripe",
    body: () => ({ id: "evt_matrix", type: "ping", data: { object: {} } }),
  },
  "GET /api/billing/status": { rule: "member" },
  "POST /api/billing/checkout": { rule: "member", body: () => ({ planId: "basic" }) },
  "POST /api/billing/sync": { rule: "owner", body: async (ref) => ({ sessionId: await ref("checkout") }) },
  // Without Stripe there is no portal (409); cancelling and resuming need a subscription (the
  // Premium member's demo one; 409 for the others).
  "POST /api/billing/portal": { rule: "member", ok: [409] },
  "POST /api/billing/cancel": { rule: "member", ok: [200, 409] },
  "POST /api/billing/resume": { rule: "member", ok: [200, 409] },
  "GET /api/billing/demo/:sessionId": { rule: "owner", params: { sessionId: "checkout" } },
  "POST /api/billing/demo/:sessionId/pay": {
    rule: "owner",
    params: { sessionId: "checkout" },
    // A card that expired: refused (400) only once the checkout is found to be the member's own.
    body: () => ({ cardNumber: "4242 4242 4242 4242", expiry: "01/20", cvc: "123" }),
    ok: [400],
  },

  "GET /api/documents": { rule: "member" },
  "POST /api/documents/generate": { rule: "member", body: () => ({ templateId: "will", answers: WILL_ANSWERS }) },
  "GET /api/documents/templates": { rule: "member" },
  "GET /api/documents/drafts": { rule: "member" },
  "PUT /api/documents/drafts/:templateId": {
    rule: "member",
    params: { templateId: "template" },
    body: () => ({ answers: { fullName: "Ada Lovelace" }, step: 1 }),
  },
  "DELETE /api/documents/drafts/:templateId": { rule: "member", params: { templateId: "template" } },
  "GET /api/documents/:id": { rule: "owner", params: { id: "document" } },
  "GET /api/documents/:id/download": { rule: "owner", params: { id: "document" }, query: "format=txt" },
  "DELETE /api/documents/:id": { rule: "owner", params: { id: "document" }, fresh: true },
  "POST /api/documents/:id/review": { rule: "owner", params: { id: "document" }, fresh: true },

  // An upload into a case: the case (named in the form) must be the member's own.
  "POST /api/uploads": {
    rule: "owner",
    form: async (ref) => {
      const form = new FormData();
      form.append("caseId", await ref("case"));
      form.append("file", new Blob([new Uint8Array(await lease())], { type: "application/pdf" }), "lease.pdf");
      return form;
    },
  },
  "GET /api/uploads": { rule: "member" },
  "GET /api/uploads/allowance": { rule: "member" },
  "GET /api/uploads/:id": { rule: "owner", params: { id: "upload" } },
  "GET /api/uploads/:id/file": { rule: "owner", params: { id: "upload" } },
  "DELETE /api/uploads/:id": { rule: "owner", params: { id: "upload" }, fresh: true },
  "POST /api/uploads/:id/analysis": { rule: "owner", params: { id: "upload" } },

  "GET /api/admin/settings": { rule: "admin" },
  "PATCH /api/admin/settings": {
    rule: "admin",
    body: () => ({ general: { siteName: DEFAULT_SETTINGS.general.siteName } }),
  },
  "PUT /api/admin/settings/:section": {
    rule: "admin",
    params: { section: "section" },
    body: () => ({ siteName: DEFAULT_SETTINGS.general.siteName }),
  },
  "GET /api/admin/cases": { rule: "admin" },
  "GET /api/admin/cases/stats": { rule: "admin" },
  "GET /api/admin/cases/:id": { rule: "admin", params: { id: "case" } },
  "GET /api/admin/cases/:id/messages": { rule: "admin", params: { id: "case" } },
  "PATCH /api/admin/cases/:id": { rule: "admin", params: { id: "case" }, body: () => ({ complexity: "simple" }) },
  "POST /api/admin/cases/:id/toggle-status": { rule: "admin", params: { id: "emptyCase" }, fresh: true },
  "GET /api/admin/attorneys": { rule: "admin" },
  "POST /api/admin/attorneys": {
    rule: "admin",
    body: () => ({ name: "Ruth Ginsburg", email: `${unique("attorney")}@example.com` }),
  },
  "PATCH /api/admin/attorneys/:id": { rule: "admin", params: { id: "attorney" }, body: () => ({ firm: "Hopper LLP" }) },
  "DELETE /api/admin/attorneys/:id": { rule: "admin", params: { id: "attorney" }, fresh: true },
  "GET /api/admin/referrals": { rule: "admin" },
  "POST /api/admin/referrals/:id/assign": {
    rule: "admin",
    params: { id: "referral" },
    body: async (ref) => ({ attorneyId: await ref("attorney") }),
  },
  "GET /api/admin/testimonials": { rule: "admin" },
  "POST /api/admin/testimonials": {
    rule: "admin",
    body: () => ({ quote: "LawGuide explained my lease.", author: "A tenant" }),
  },
  "PATCH /api/admin/testimonials/:id": {
    rule: "admin",
    params: { id: "testimonial" },
    body: () => ({ context: "Housing question" }),
  },
  "POST /api/admin/testimonials/:id/move": {
    rule: "admin",
    params: { id: "testimonial" },
    body: () => ({ direction: "up" }),
  },
  "DELETE /api/admin/testimonials/:id": { rule: "admin", params: { id: "testimonial" }, fresh: true },
  "GET /api/admin/law-library": { rule: "admin" },
  "GET /api/admin/law-library/:state/:topic": { rule: "admin", params: { state: "lawState", topic: "lawTopic" } },
  "PATCH /api/admin/law-library/:state/:topic": {
    rule: "admin",
    params: { state: "lawState", topic: "lawTopic" },
    body: () => ({
      rule: "In Texas you can sue in justice court for up to $20,000.",
      citation: "Tex. Gov't Code § 27.031(a)(1)",
      sourceUrl: "",
      notes: "",
      deadlines: [],
      checkedNow: false,
    }),
  },
  "POST /api/admin/law-library/:state/:topic/checked": {
    rule: "admin",
    params: { state: "lawState", topic: "lawTopic" },
    // The edit above left it without a source: a check needs the page read first.
    ok: [200, 400],
  },
  // No newer release waits for a decision.
  "POST /api/admin/law-library/:state/:topic/release": {
    rule: "admin",
    params: { state: "lawState", topic: "lawTopic" },
    body: () => ({ take: "mine" }),
    ok: [409],
  },
  "GET /api/admin/users": { rule: "admin" },
  "GET /api/admin/users/stats": { rule: "admin" },
  "POST /api/admin/users": {
    rule: "admin",
    body: () => ({ email: `${unique("made")}@example.com`, password: "made-password" }),
  },
  "PATCH /api/admin/users/:id": { rule: "admin", params: { id: "user" }, body: () => ({ profession: "Nurse" }) },
  "DELETE /api/admin/users/:id": { rule: "admin", params: { id: "user" }, fresh: true },
  "POST /api/admin/users/:id/unlock": { rule: "admin", params: { id: "user" } },
  "PUT /api/admin/users/:id/subscription": {
    rule: "admin",
    params: { id: "user" },
    body: () => ({ planId: "premium", days: 7 }),
    fresh: true,
  },
  "DELETE /api/admin/users/:id/subscription": { rule: "admin", params: { id: "grantee" }, fresh: true },
  "GET /api/admin/ai-models": { rule: "admin" },
  "POST /api/admin/ai-models": {
    rule: "admin",
    body: () => ({ name: "Another model", provider: "anthropic", model: "claude-matrix", isActive: false }),
  },
  "GET /api/admin/ai-models/leaderboard": { rule: "admin" },
  "PATCH /api/admin/ai-models/settings": {
    rule: "admin",
    body: () => ({ previewTokenLimit: DEFAULT_SETTINGS.ai.previewTokenLimit }),
  },
  "PATCH /api/admin/ai-models/:id": { rule: "admin", params: { id: "model" }, body: () => ({ priority: 5 }) },
  "DELETE /api/admin/ai-models/:id": { rule: "admin", params: { id: "model" }, fresh: true },
  "GET /api/admin/stats": { rule: "admin" },
  "GET /api/admin/activity": { rule: "admin" },
  "GET /api/admin/charts": { rule: "admin" },
  "GET /api/admin/logs": { rule: "admin" },
  "GET /api/admin/audit-logs": { rule: "admin" },
  "GET /api/admin/outbox": { rule: "admin" },
  "GET /api/admin/mail": { rule: "admin" },
  "POST /api/admin/mail/:id/retry": { rule: "admin", params: { id: "mail" }, ok: [404] },
  "GET /dev/outbox": { rule: "admin" },
  // The link in a mail: its token is the only key (no token here, so everyone is told it does not work).
  "GET /unsubscribe": { rule: "public", ok: [400] },
  "POST /unsubscribe": { rule: "public", ok: [400] },
};

// ---------------------------------------------------------------------------------------------
// Running it.

/** Every route the app serves, as `METHOD /path`: its own (middleware and wildcards left out) and better-auth's. */
function listRoutes(): string[] {
  const keys = new Set<string>();
  for (const { method, path } of t.app.routes) {
    if (path.includes("*")) continue; // middleware (`use`), the static files, the auth catch-all
    for (const m of method === "ALL" ? ["GET", "POST"] : [method]) keys.add(`${m} ${path}`);
  }
  for (const endpoint of PUBLIC_AUTH_ENDPOINTS) {
    const [method = "", sub = ""] = endpoint.split(" ");
    keys.add(`${method} /api/auth${sub}`);
  }
  return [...keys].sort();
}

/** A client with the same cookies: what a cell's answer sets stays with the cell. */
function copyOf(client: TestClient): TestClient {
  const copy = new TestClient(t.app);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function signedIn(email: string, password: string): Promise<TestClient> {
  const client = t.client();
  const response = await client.signIn(email, password);
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return client;
}

const describeOutcome = (outcome: Outcome, ok: readonly number[] | undefined) =>
  outcome === "ok" ? (ok ? ok.join(" or ") : "2xx") : String(outcome);

function meets(status: number, outcome: Outcome, ok: readonly number[] | undefined): boolean {
  if (outcome !== "ok") return status === outcome;
  return ok ? ok.includes(status) : status >= 200 && status < 300;
}

describe("authorization matrix", () => {
  it("has one entry for every route the app serves, and none for a route it does not", () => {
    const served = listRoutes();
    const listed = Object.keys(MATRIX);
    const missing = served.filter((key) => !(key in MATRIX));
    const stale = listed.filter((key) => !served.includes(key));
    expect(
      { missing, stale },
      `routes without an entry in MATRIX (give each a rule): ${missing.join(", ") || "none"}; ` +
        `entries for routes the app does not serve: ${stale.join(", ") || "none"}`,
    ).toEqual({ missing: [], stale: [] });
  });

  it("answers every actor on every route as the route's rule says", { timeout: 120_000 }, async () => {
    const free: Member = await t.member({ firstName: "Free" });
    const premium: Member = await t.member({ firstName: "Premium", premium: true });
    const other: Member = await t.member({ firstName: "Other" });
    const admin = await t.admin();
    expect((await premium.client.me())?.plan).toBe("premium");
    expect((await free.client.me())?.plan).toBe("free");

    const world = (): World => ({
      free: memberRecords(free),
      premium: memberRecords(premium),
      shared: sharedRecords(admin, free),
    });
    const shared = world();
    // Each member's records made before the first request (one by one: they share a case), so
    // the lists have something in them; no answer to anyone else may name the Free member's.
    const secrets = new Map<string, string>([
      [free.id, "user id"],
      [free.email, "e-mail address"],
    ]);
    for (const kind of MEMBER_KINDS) {
      secrets.set(await shared.free.get(kind), kind);
      await shared.premium.get(kind);
    }
    const clients: Record<ActorName, () => TestClient> = {
      visitor: () => t.client(),
      free: () => copyOf(free.client),
      premium: () => copyOf(premium.client),
      other: () => copyOf(other.client),
      admin: () => copyOf(admin),
    };
    const newSession: Record<ActorName, () => Promise<TestClient>> = {
      visitor: async () => t.client(),
      free: () => signedIn(free.email, free.password),
      premium: () => signedIn(premium.email, premium.password),
      other: () => signedIn(other.email, other.password),
      admin: () => signedIn(ADMIN.email, ADMIN.password),
    };

    const failures: string[] = [];
    let cells = 0;
    for (const key of listRoutes()) {
      const entry = MATRIX[key];
      if (!entry) continue; // reported by the first test
      const [method = "", pattern = ""] = key.split(" ");
      const expected = RULES[entry.rule];
      const records = entry.fresh ? world() : shared;
      // The refused actors first: the allowed ones then show that nothing they needed was changed.
      const order = [...ACTORS].sort((a, b) => Number(expected[a] === "ok") - Number(expected[b] === "ok"));
      for (const actor of order) {
        const ref = refOf(records, actor);
        let path = pattern;
        for (const [name, kind] of Object.entries(entry.params ?? {})) path = path.replace(`:${name}`, await ref(kind));
        if (entry.query) path += `?${entry.query}`;
        const client = entry.ownSession ? await newSession[actor]() : clients[actor]();
        const json = entry.body ? await entry.body(ref) : method === "GET" ? undefined : {};
        const response = entry.form
          ? await client.request(path, { method, body: await entry.form(ref) })
          : await client.request(path, { method, ...(json === undefined ? {} : { json }) });
        const text = await response.text(); // read to the end: streamed answers finish before the next request
        cells += 1;
        if (!meets(response.status, expected[actor], entry.ok)) {
          failures.push(
            `${key} as ${actor} (${entry.rule}): expected ${describeOutcome(expected[actor], entry.ok)}, ` +
              `got ${response.status} ${text.slice(0, 160)}`,
          );
        }
        if (actor !== "free" && entry.rule !== "admin") {
          for (const [secret, what] of secrets) {
            if (text.includes(secret)) failures.push(`${key} as ${actor}: the answer names the Free member's ${what}`);
          }
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
    expect(cells).toBe(Object.keys(MATRIX).length * ACTORS.length);
  });

  it("holds an administrator without two-factor on every administrators' route while two-factor is offered", {
    timeout: 60_000,
  }, async () => {
    const admin = await t.admin();
    const world: World = {
      free: memberRecords(await t.member()),
      premium: memberRecords(await t.member()),
      shared: sharedRecords(admin, await t.member()),
    };
    const ref = refOf(world, "admin");
    // Every record a route names is made before the switch: afterwards the administrator is held.
    const adminRoutes = listRoutes().filter((key) => MATRIX[key]?.rule === "admin");
    const paths = new Map<string, string>();
    for (const key of adminRoutes) {
      const entry = MATRIX[key] as Entry;
      let path = key.split(" ")[1] ?? "";
      for (const [name, kind] of Object.entries(entry.params ?? {})) path = path.replace(`:${name}`, await ref(kind));
      paths.set(key, entry.query ? `${path}?${entry.query}` : path);
    }
    expect(adminRoutes).toContain("GET /dev/outbox");
    await t.services.settings.update("security", { enableTwoFactor: true }, {});
    const failures: string[] = [];
    for (const key of adminRoutes) {
      const entry = MATRIX[key] as Entry;
      const method = key.split(" ")[0] ?? "GET";
      const json = entry.body ? await entry.body(ref) : method === "GET" ? undefined : {};
      const response = await copyOf(admin).request(paths.get(key) as string, {
        method,
        ...(json === undefined ? {} : { json }),
      });
      const text = await response.text();
      const held =
        response.status === 403 &&
        (key.startsWith("GET /dev/")
          ? text.includes(AUTH_TEXT.twoFactorRequired)
          : text.includes(ERROR_CODES.twoFactorRequired));
      if (!held) failures.push(`${key}: ${response.status} ${text.slice(0, 160)}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("refuses a member's upload named in the body of another member's message (404), and takes the owner's", async () => {
    const owner: Member = await t.member();
    const other: Member = await t.member();
    const uploadId = await storedUpload(t, { userId: owner.id, fileName: "lease.pdf", bytes: await lease() });
    const attach = async (m: Member) => {
      const caseId = await newCase(m);
      const response = await m.client.post(`/api/cases/${caseId}/messages`, {
        content: "What does this clause mean?",
        attachments: [uploadId],
      });
      await response.text();
      return response.status;
    };
    expect(await attach(other)).toBe(404);
    expect(await attach(owner)).toBe(200);
  });
});

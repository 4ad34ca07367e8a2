import type { MessageSources } from "@shared/schemas/cases";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The whole data model (DESIGN section 6). Table names follow the spec where it gives them;
 * better-auth's tables (`user`, `session`, `account`, `verification`, `rate_limit`) keep the
 * property names its Drizzle adapter expects.
 */

/** Raw bytes (a stored file's pieces). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A PostgreSQL full-text search vector (written by the database, never by us). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------- better-auth

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("user"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    /** Sign-in asks for a code from the member's authenticator app (better-auth's two-factor plugin). */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // The admin list: newest first, and the e-mail search (contains, any case: trigrams).
    index("user_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("user_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

/** A member's authenticator (TOTP) secret and backup codes, both encrypted by better-auth. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** False until the member confirms enrolment with a first code. */
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------- accounts

export const userProfiles = pgTable(
  "user_profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    profession: text("profession").notNull().default(""),
    preferences: jsonb("preferences")
      .$type<{
        emailNotifications: boolean;
        pushNotifications: boolean;
        marketingEmails: boolean;
        /** Missing on rows written before the preference existed: read as "every". */
        compareAnswers?: "every" | "long" | "never";
      }>()
      .notNull(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * When the member, signing up, agreed to the Terms of Service and acknowledged the AI's
     * limitations (both are required to register). Null for accounts an administrator added and
     * for those made before it was recorded.
     */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    /** The member's customer at Stripe, created once at their first checkout. */
    stripeCustomerId: text("stripe_customer_id").unique(),
    /** The member's time zone (IANA, e.g. America/Chicago): reminders come at 9 AM there. Null: not set yet. */
    timeZone: text("time_zone"),
    /** Whether key-date reminders are mailed (on unless the member turns them off). */
    keyDateReminders: boolean("key_date_reminders").notNull().default(true),
    /** SHA-256 of the member's private calendar feed token (revocable); null: no feed. */
    calendarFeedHash: text("calendar_feed_hash").unique(),
    ...timestamps,
  },
  // The admin search on first and last name combined (contains, any case: trigrams).
  (t) => [
    index("user_profiles_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

/**
 * Sign-in failures, shared by every server process (lockout). One row per account and client
 * address (the guesser's lock), and one per account with `client = '*'` (the ceiling for guesses
 * spread over many addresses). `last_success_at` marks an address the owner signed in from.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    email: text("email").notNull(),
    client: text("client").notNull(),
    failedCount: integer("failed_count").notNull().default(0),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.email, t.client] })],
);

/**
 * Fixed-window counters for limits that are not per member and month: sign-ups per client address
 * per hour, AI calls per member per minute. The key names the limit and whom it counts.
 */
export const rateCounters = pgTable("rate_counters", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

// ---------------------------------------------------------------- cases and chat

export const cases = pgTable(
  "cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("active"),
    category: text("category"),
    complexity: text("complexity"),
    estimatedValue: numeric("estimated_value", { precision: 14, scale: 2, mode: "number" }),
    assignedAttorney: text("assigned_attorney"),
    messageCount: integer("message_count").notNull().default(0),
    userMessageCount: integer("user_message_count").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    /** Set while an assistant reply is being generated; a second one is refused (409). */
    replyStartedAt: timestamp("reply_started_at", { withTimezone: true }),
    /** Set by Stop; the process writing the reply sees it and ends the answer there. */
    replyStopRequestedAt: timestamp("reply_stop_requested_at", { withTimezone: true }),
    /** When the document-generation offer was posted (it is posted once per case). */
    documentOfferedAt: timestamp("document_offered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("cases_user_updated_idx").on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("cases_status_updated_idx").on(t.status, t.updatedAt.desc().nullsFirst()),
    index("cases_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A member's cases with nothing in them yet: New Chat opens the newest instead of adding one.
    index("cases_user_empty_idx").on(t.userId, t.updatedAt.desc().nullsFirst()).where(sql`${t.messageCount} = 0`),
    // The admin search in titles and descriptions (contains, any case: trigrams).
    index("cases_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("cases_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    check("cases_complexity_check", sql`${t.complexity} is null or ${t.complexity} in ('simple','moderate','complex')`),
  ],
);

export const caseMessages = pgTable(
  "case_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Order of the conversation (several rows may share one transaction time). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    isUser: boolean("is_user").notNull(),
    /** The files the message carries (id, name, type, size; downloaded from /api/uploads/{id}/file). */
    attachments: jsonb("attachments")
      .$type<Array<{ id: string; fileName: string; mimeType: string; sizeBytes: number }>>()
      .notNull()
      .default([]),
    aiProvider: text("ai_provider"),
    aiModel: text("ai_model"),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    totalTokens: integer("total_tokens"),
    /** complete | stopped | error */
    state: text("state").notNull().default("complete"),
    kind: text("kind").notNull().default("chat"),
    /**
     * A key date the member's message stated, offered to be added to the case (a message of kind
     * key_date_offer): the event, its day, the state if known, and the member's answer.
     */
    keyDateOffer: jsonb("key_date_offer").$type<{
      event: string;
      eventDate: string;
      state: string | null;
      status: "open" | "added" | "declined";
    } | null>(),
    /** An AI provider's answer: the law library's facts it was given, and the citations it wrote that LawGuide does not hold. */
    sources: jsonb("sources").$type<MessageSources | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Each index sorts as its queries do (DESC NULLS FIRST, PostgreSQL's default for DESC), so a page
  // is read straight from it without sorting the whole case or list.
  (t) => [
    index("case_messages_case_seq_idx").on(t.caseId, t.seq.desc().nullsFirst()),
    // The cases list's search reads the member's own messages (contains, any case: trigrams).
    index("case_messages_user_content_trgm_idx").using("gin", sql`${t.content} gin_trgm_ops`).where(sql`${t.isUser}`),
  ],
);

export const comparisonVotes = pgTable(
  "comparison_votes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    caseId: uuid("case_id").references(() => cases.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    /** preview (Free: 200-token teasers) | full (Premium) */
    mode: text("mode").notNull().default("full"),
    /** Both answers as given, so the chosen one is taken from here, never from the browser. */
    answers: jsonb("answers")
      .$type<
        Array<{ side: string; provider: string; model: string; content: string; confidence: number; reasoning: string }>
      >()
      .notNull()
      .default([]),
    chosenProvider: text("chosen_provider"),
    chosenModel: text("chosen_model"),
    otherProvider: text("other_provider"),
    chosenAt: timestamp("chosen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("comparison_votes_user_idx").on(t.userId, t.createdAt),
    // The admin leaderboard (choices of the last 30 days).
    index("comparison_votes_chosen_idx").on(t.chosenAt).where(sql`${t.chosenAt} is not null`),
  ],
);

// ---------------------------------------------------------------- attorneys and referrals

export const attorneys = pgTable(
  "attorneys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    firm: text("firm"),
    specialties: jsonb("specialties").$type<string[]>().notNull().default([]),
    location: text("location"),
    rating: real("rating"),
    experience: integer("experience"),
    hourlyRate: numeric("hourly_rate", { precision: 10, scale: 2, mode: "number" }),
    bio: text("bio"),
    isActive: boolean("is_active").notNull().default(true),
    caseTypes: jsonb("case_types").$type<string[]>().notNull().default([]),
    availability: text("availability").notNull().default("available"),
    ...timestamps,
  },
  (t) => [
    index("attorneys_created_idx").on(t.createdAt.desc().nullsFirst()),
    uniqueIndex("attorneys_email_lower_idx").on(sql`lower(${t.email})`),
    index("attorneys_name_lower_idx").on(sql`lower(${t.name})`),
  ],
);

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    caseId: uuid("case_id").references(() => cases.id, { onDelete: "set null" }),
    /** generated | upload */
    type: text("type").notNull(),
    templateId: text("template_id"),
    title: text("title").notNull(),
    fileName: text("file_name"),
    mimeType: text("mime_type"),
    sizeBytes: integer("size_bytes"),
    content: text("content"),
    answers: jsonb("answers").$type<Record<string, unknown>>(),
    extractedText: text("extracted_text"),
    analysis: text("analysis"),
    /** Uploads: uploading (bytes arriving) | reading (text being extracted) | ready | unreadable. */
    status: text("status").notNull().default("ready"),
    /** Why an upload could not be read, in the member's words. */
    statusMessage: text("status_message"),
    /** Uploads: the kind its bytes showed (pdf, doc, docx, jpeg, png, gif). */
    fileKind: text("file_kind"),
    pageCount: integer("page_count"),
    /** When a server process took the file to read it (another takes it over if this grows old). */
    readingClaimedAt: timestamp("reading_claimed_at", { withTimezone: true }),
    /** The calendar month (UTC) the upload counted towards. */
    usagePeriod: text("usage_period"),
    /** First sent in a case message (an upload never used is given back to the allowance on delete). */
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    analysedAt: timestamp("analysed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("documents_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("documents_type_created_idx").on(t.type, t.createdAt),
    // The upload list of one member, newest first, and the files of a case.
    index("documents_user_type_created_idx").on(
      t.userId,
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("documents_case_idx").on(t.caseId).where(sql`${t.caseId} is not null`),
    // Files waiting to be read (the reading queue).
    index("documents_reading_idx").on(t.createdAt).where(sql`${t.status} = 'reading'`),
    check("documents_type_check", sql`${t.type} in ('generated','upload')`),
  ],
);

/** An uploaded file's bytes, in pieces of up to 1 MB (the default file storage: PostgreSQL). */
export const fileChunks = pgTable(
  "file_chunks",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.seq] })],
);

/** An uploaded file's text in passages (a paragraph, or part of one), searched in full text. */
export const documentPassages = pgTable(
  "document_passages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    ord: integer("ord").notNull(),
    /** Where it is in the file: "page 2, paragraph 3" or "paragraph 4". */
    location: text("location").notNull(),
    content: text("content").notNull(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (t) => [
    index("document_passages_document_idx").on(t.documentId, t.ord),
    index("document_passages_search_idx").using("gin", t.search),
  ],
);

export const attorneyReferrals = pgTable(
  "attorney_referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    caseId: uuid("case_id").references(() => cases.id, { onDelete: "cascade" }),
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "cascade" }),
    attorneyId: uuid("attorney_id").references(() => attorneys.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    feeCents: integer("fee_cents"),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    index("attorney_referrals_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("attorney_referrals_case_idx").on(t.caseId),
    index("attorney_referrals_status_created_idx").on(t.status, t.createdAt),
    index("attorney_referrals_attorney_idx").on(t.attorneyId),
  ],
);

export const documentDrafts = pgTable(
  "document_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    templateId: text("template_id").notNull(),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    step: integer("step").notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex("document_drafts_user_template_idx").on(t.userId, t.templateId)],
);

// ---------------------------------------------------------------- billing

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** stripe | demo | admin */
    source: text("source").notNull(),
    /** The plan of the catalogue (`src/shared/plans.ts`): basic | premium. */
    plan: text("plan").notNull().default("premium"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    priceId: text("price_id"),
    status: text("status").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    paymentMethodBrand: text("payment_method_brand"),
    paymentMethodLast4: text("payment_method_last4"),
    /** After a failed payment: the plan stays in force until then (gracePeriodDays). */
    graceUntil: timestamp("grace_until", { withTimezone: true }),
    /** When the member's one free trial started (a trial is given once per member). */
    trialUsedAt: timestamp("trial_used_at", { withTimezone: true }),
    /** When the member was told their trial is about to end (told once per trial). */
    trialRemindedAt: timestamp("trial_reminded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("subscriptions_user_idx").on(t.userId), index("subscriptions_status_idx").on(t.status)],
);

/**
 * Checkout sessions LawGuide started (Stripe's, or the demo checkout's): whose they are and how
 * they ended, so a member can only ever sync or read their own.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The plan bought: basic | premium, or "template" for a one-off purchase of `templateId`. */
    plan: text("plan").notNull(),
    /** A one-off purchase: the template bought (`template-offers.ts`); null for a subscription. */
    templateId: text("template_id"),
    /** stripe | demo */
    provider: text("provider").notNull(),
    /**
     * open | complete | declined | expired, or refunded: a template's second payment, given back
     * because the member already owned it.
     */
    status: text("status").notNull().default("open"),
    withTrial: boolean("with_trial").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("checkout_sessions_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // One open checkout per member and template: a second Buy gets the first one back.
    uniqueIndex("checkout_sessions_open_template_idx")
      .on(t.userId, t.templateId)
      .where(sql`${t.status} = 'open' and ${t.templateId} is not null`),
  ],
);

/**
 * Templates a member bought once (a Complex template without Premium): theirs for good, whatever
 * their plan later becomes. One row per member and template.
 */
export const templatePurchases = pgTable(
  "template_purchases",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    templateId: text("template_id").notNull(),
    /** What was paid, in cents. */
    amountCents: integer("amount_cents").notNull(),
    /** stripe | demo | admin */
    provider: text("provider").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.templateId] })],
);

export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- operations

export const appLogs = pgTable(
  "app_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    level: text("level").notNull(),
    category: text("category").notNull(),
    message: text("message").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("app_logs_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("app_logs_category_created_idx").on(t.category, t.createdAt.desc().nullsFirst()),
    index("app_logs_user_idx").on(t.userId),
  ],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    tableName: text("table_name"),
    recordId: text("record_id"),
    oldValues: jsonb("old_values").$type<Record<string, unknown>>(),
    newValues: jsonb("new_values").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_logs_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_logs_table_created_idx").on(t.tableName, t.createdAt.desc().nullsFirst()),
    index("audit_logs_user_idx").on(t.userId),
  ],
);

export const systemSettings = pgTable("system_settings", {
  section: text("section").primaryKey(),
  values: jsonb("values").$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const aiModels = pgTable(
  "ai_models",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    userTiers: jsonb("user_tiers").$type<Array<"free" | "premium">>().notNull().default(["free", "premium"]),
    maxTokens: integer("max_tokens").notNull().default(2000),
    temperature: doublePrecision("temperature").notNull().default(0.7),
    description: text("description").notNull().default(""),
    costPerToken: doublePrecision("cost_per_token").notNull().default(0.001),
    priority: integer("priority").notNull().default(0),
    ...timestamps,
  },
  (t) => [check("ai_models_provider_check", sql`${t.provider} in ('openai','anthropic')`)],
);

/** Testimonials on the landing page: edited by administrators, never invented. */
export const testimonials = pgTable("testimonials", {
  id: uuid("id").primaryKey().defaultRandom(),
  quote: text("quote").notNull(),
  author: text("author").notNull(),
  context: text("context").notNull().default(""),
  isExample: boolean("is_example").notNull().default(true),
  isActive: boolean("is_active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/**
 * The law library (features/law-library): one fact per state and topic, seeded from the release
 * (`src/server/law/library.json`) and kept current by administrators. `fact` is what is in force;
 * `released` the release's version it was last taken from. A fact an administrator edited
 * (`edited_at`) is never overwritten by a later release: a release that changes it waits in
 * `pending_release` for a decision.
 */
export const lawFacts = pgTable(
  "law_facts",
  {
    state: text("state").notNull(),
    topic: text("topic").notNull(),
    fact: jsonb("fact").notNull(),
    released: jsonb("released").notNull(),
    releaseVersion: text("release_version").notNull(),
    pendingRelease: jsonb("pending_release"),
    pendingVersion: text("pending_version"),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    editedBy: text("edited_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.state, t.topic] })],
);

/** What happened in a member's case and when (the Key dates panel); the deadlines follow from the law library. */
export const keyDates = pgTable(
  "key_dates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    caseId: uuid("case_id")
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    /** A library event (`@shared/law` LAW_EVENTS) or "other" (a date of the member's own). */
    event: text("event").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    state: text("state").notNull(),
    /** The member's own name for an "other" date. */
    label: text("label"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("key_dates_case_idx").on(t.caseId, t.eventDate), index("key_dates_user_idx").on(t.userId, t.eventDate)],
);

/** The reminder mails of a key date's deadlines, each sent once by its job at its instant. */
export const keyDateReminders = pgTable(
  "key_date_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    keyDateId: uuid("key_date_id")
      .notNull()
      .references(() => keyDates.id, { onDelete: "cascade" }),
    /** Which deadline of the key date (its topic, or "own" for an "other" date). */
    deadline: text("deadline").notNull(),
    /** week-before | day-before | day-after, or soon (at once: the date was added after a reminder's time) */
    kind: text("kind").notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    jobId: text("job_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("key_date_reminders_unique_idx").on(t.keyDateId, t.deadline, t.kind)],
);

/** Mail written here instead of sent when no SMTP server is configured (embedded mode). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt.desc().nullsFirst())],
);

/**
 * Mails handed to the mail server (or the outbox), one row per mail job: a job run again after a
 * crash finds its row and does not send a second copy (docs/decisions/019-jobs-and-mail.md).
 */
export const mailSends = pgTable("mail_sends", {
  jobId: uuid("job_id").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Unsubscribe links already followed: each link works once. Forgotten when the link would have expired. */
export const usedUnsubscribeLinks = pgTable("used_unsubscribe_links", {
  nonce: text("nonce").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Monthly counters of metered actions (uploads per month for Free members). */
export const usageCounters = pgTable(
  "usage_counters",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    metric: text("metric").notNull(),
    period: text("period").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.metric, t.period] })],
);

export const schema = {
  user,
  session,
  account,
  verification,
  rateLimit,
  twoFactor,
  userProfiles,
  loginAttempts,
  rateCounters,
  cases,
  caseMessages,
  comparisonVotes,
  attorneys,
  documents,
  fileChunks,
  documentPassages,
  attorneyReferrals,
  documentDrafts,
  subscriptions,
  checkoutSessions,
  templatePurchases,
  stripeEvents,
  appLogs,
  auditLogs,
  systemSettings,
  aiModels,
  testimonials,
  mailOutbox,
  mailSends,
  usedUnsubscribeLinks,
  usageCounters,
  lawFacts,
  keyDates,
  keyDateReminders,
};

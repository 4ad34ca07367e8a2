import { createAuth } from "./auth/auth";
import { createPasswordChecks } from "./auth/password-checks";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createAccountService, type ResolvedSession } from "./features/account/account.service";
import { createAdminService } from "./features/admin/admin.service";
import { createAdminAttorneysService } from "./features/admin/attorneys/admin-attorneys.service";
import { createAdminCasesService } from "./features/admin/cases/admin-cases.service";
import { createAdminTestimonialsService } from "./features/admin/testimonials/admin-testimonials.service";
import { createAdminUsersService } from "./features/admin/users/admin-users.service";
import { createAiModelsService } from "./features/ai-models/ai-models.service";
import { createAssistant } from "./features/assistant/assistant.service";
import { createDocumentAnalysis } from "./features/assistant/document-analysis.service";
import { createBillingService } from "./features/billing/billing.service";
import { createStripeClient } from "./features/billing/stripe-gateway";
import { createCasesService, type KeptCasesPage } from "./features/cases/cases.service";
import { createChatService } from "./features/cases/chat.service";
import { createComparisonsService } from "./features/cases/comparisons.service";
import { createReplyStops } from "./features/cases/reply-stops";
import type { DocumentRenderingOptions } from "./features/documents/document-renderer";
import { createDocumentsService } from "./features/documents/documents.service";
import { createHealthService } from "./features/health/health.service";
import { createKeyDatesService } from "./features/key-dates/key-dates.service";
import { createTestimonialsService } from "./features/landing/landing.service";
import { createLawLibrary } from "./features/law-library/law-library.service";
import { createLogService } from "./features/logs/logs.service";
import { createAccountMails, createReferralMails } from "./features/mail/account-mails";
import { createMailer } from "./features/mail/mail.service";
import { createMemberNotifier } from "./features/mail/notify-member";
import { createUnsubscribeLinks } from "./features/mail/unsubscribe";
import { createProfileService } from "./features/profile/profile.service";
import { createSettingsService, SETTINGS_CHANGED_CHANNEL } from "./features/settings/settings.service";
import { createExtractor } from "./features/uploads/extraction/extractor";
import { createFileReading, UPLOAD_READ_CHANNEL } from "./features/uploads/file-reading";
import { createPostgresFileStorage } from "./features/uploads/file-storage";
import { createUploadsService } from "./features/uploads/uploads.service";
import { createUsageService } from "./features/usage/usage.service";
import { createJobQueue, type JobQueueOptions } from "./lib/jobs";
import type { Logger } from "./lib/logger";
import { AUTH_CHANGED_CHANNEL, CASES_CHANGED_CHANNEL, createMemberCache, type MemberCache } from "./lib/member-cache";
import { createSignals } from "./lib/signals";

/**
 * The composition root: every service built once from the configuration, the database and the
 * logger. The server's entry point and the tests build the app through this one function.
 */
export interface ServiceOptions {
  /** The offline assistant's pause before answering (spec: 1 s); tests shorten it. */
  offlineDelayMs?: number;
  /** PDF and Word rendering (worker pool, queue, time budget, per-member bound, cache); tests shrink it. */
  documentRendering?: DocumentRenderingOptions;
  /** The job queue's polling (tests look more often). */
  jobs?: JobQueueOptions;
}

/**
 * Sessions and the first page of each member's cases are kept in memory only by a process that
 * owns its database (the embedded engine), and only once it hears the database announce changes
 * to them (decision 006, amended). On PostgreSQL, where other processes write too, every request
 * reads the database.
 */
function keepInMemory<T>(
  database: Database,
  logger: Logger,
  what: { channel: string; label: string; maxEntries?: number },
): MemberCache<T> | null {
  if (database.kind !== "pglite" || !database.listen) return null;
  const cache = createMemberCache<T>(what.maxEntries === undefined ? {} : { maxEntries: what.maxEntries });
  database
    .listen(what.channel, (userId) => cache.forget(userId))
    .then(
      () => cache.activate(),
      (error: unknown) =>
        logger.warn({ err: error }, `${what.label} are not kept in memory: could not listen for changes`),
    );
  return cache;
}

/** How long settings are kept by a process on PostgreSQL that cannot follow their changes. */
const UNFOLLOWED_SETTINGS_MS = 1_000;

/** First pages of cases lists kept at once: about 20 kB each, so at most about 20 MB. */
const KEPT_CASES_PAGES = 1_000;

export function createServices(config: Config, database: Database, logger: Logger, options: ServiceOptions = {}) {
  const db = database.db;
  const logs = createLogService(db, database.run, logger);
  // Settings and model configurations are read on nearly every request, so a copy is kept. The
  // embedded database belongs to this one process (its directory is locked): its copy is dropped
  // only when it writes. On PostgreSQL every process follows the changes the database announces
  // (migration 0018) and keeps its copy until one comes; while it cannot follow them (connection
  // lost), it reads them again every second.
  let following = database.kind === "pglite";
  const cacheMs = () => (following ? Number.POSITIVE_INFINITY : UNFOLLOWED_SETTINGS_MS);
  const settings = createSettingsService(db, logs, logger, { cacheMs });
  // Mail, and any other work that may wait, runs as jobs kept in the database (call jobs.start()).
  const jobs = createJobQueue(database, logger, options.jobs);
  const mailer = createMailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, retryDelaySeconds: config.mailRetryDelaySeconds },
    db,
    jobs,
    logger,
  );
  const sessionCache = keepInMemory<ResolvedSession>(database, logger, {
    channel: AUTH_CHANGED_CHANNEL,
    label: "sessions",
  });
  const accounts = createAccountService(db, database.run, { sessionCache });
  const usage = createUsageService(db, database.run, settings);
  const unsubscribe = createUnsubscribeLinks({ db, secret: config.authSecret, publicUrl: config.publicUrl });
  const notifier = createMemberNotifier({ settings, accounts, mailer, unsubscribe });
  const accountMails = createAccountMails({ mailer, settings, notifier, publicUrl: config.publicUrl });
  const referralMails = createReferralMails({ notifier, publicUrl: config.publicUrl, logger });
  const auth = createAuth({ config, db, logger, mail: accountMails, settings, accounts, logs, usage });
  const passwordChecks = createPasswordChecks({
    lockout: accounts.lockout,
    settings,
    usage,
    perMinute: config.authRateLimitPerMinute,
  });
  const billing = createBillingService({
    db,
    config,
    stripe: config.stripe ? createStripeClient(config.stripe) : null,
    settings,
    logs,
    notifier,
    logger,
  });
  const models = createAiModelsService({
    db,
    logs,
    settings,
    providers: {
      openai: { configured: Boolean(config.openai.apiKey), model: config.openai.model },
      anthropic: { configured: Boolean(config.anthropic.apiKey), model: config.anthropic.model },
    },
    cacheMs,
  });
  database.follow?.(SETTINGS_CHANGED_CHANNEL, {
    onPayload(table) {
      if (table === "ai_models") models.invalidate();
      else settings.invalidate();
    },
    onLive(live, error) {
      following = live;
      settings.invalidate();
      models.invalidate();
      if (!live) logger.warn({ err: error }, "settings are read every second: their changes cannot be followed");
      else logger.info("settings are kept until a change is announced");
    },
  });
  const assistant = createAssistant(
    {
      openai: { apiKey: config.openai.apiKey, baseURL: config.openai.baseURL },
      anthropic: { apiKey: config.anthropic.apiKey, baseURL: config.anthropic.baseURL },
      offlineFallback: config.aiOfflineFallback,
      ...(options.offlineDelayMs === undefined
        ? {}
        : { offlineDelayMs: options.offlineDelayMs, offlineChunkDelayMs: 0 }),
    },
    { settings, models, logs, usage },
  );
  const casesFirstPages = keepInMemory<KeptCasesPage>(database, logger, {
    channel: CASES_CHANGED_CHANNEL,
    label: "cases lists",
    maxEntries: KEPT_CASES_PAGES,
  });
  const cases = createCasesService(db, database.run, settings, logs, {
    firstPages: casesFirstPages,
    referralMails,
    publicUrl: config.publicUrl,
  });
  const stops = createReplyStops(database.run);
  const fileStorage = createPostgresFileStorage(db);
  const fileReading = createFileReading({
    db,
    storage: fileStorage,
    extractor: createExtractor(),
    jobs,
    signals: createSignals(database, UPLOAD_READ_CHANNEL, logger),
    logger,
  });
  const uploads = createUploadsService({ db, storage: fileStorage, reading: fileReading, settings });
  const documentAnalysis = createDocumentAnalysis({ assistant, uploads, usage });
  const lawLibrary = createLawLibrary({ db, logs });
  const chat = createChatService({
    db,
    run: database.run,
    assistant,
    analysis: documentAnalysis,
    settings,
    logger,
    usage,
    stops,
    uploads,
    law: lawLibrary,
  });
  const comparisons = createComparisonsService({
    db,
    run: database.run,
    assistant,
    settings,
    logs,
    usage,
    law: lawLibrary,
    logger,
  });
  const testimonials = createTestimonialsService(db);
  const profile = createProfileService({
    db,
    accounts,
    billing,
    logs,
    uploads,
    usage,
    logger,
    builtInAdminEmail: config.admin.email,
  });
  const documents = createDocumentsService(db, logs, {
    templatesBought: billing.templatesBought,
    rendering: options.documentRendering,
    logger,
    referralMails,
    publicUrl: config.publicUrl,
  });
  const admin = createAdminService({ db, logs, mailer });
  const adminUsers = createAdminUsersService({
    db,
    auth,
    accounts,
    profile,
    billing,
    settings,
    logs,
    builtInAdminEmail: config.admin.email,
  });
  const adminAttorneys = createAdminAttorneysService({ db, logs, notifier, publicUrl: config.publicUrl, logger });
  const adminCases = createAdminCasesService({ db, logs, notifier, logger, publicUrl: config.publicUrl });
  const adminTestimonials = createAdminTestimonialsService({ db, logs });
  const keyDates = createKeyDatesService({
    db,
    library: lawLibrary,
    cases,
    members: accounts,
    jobs,
    mail: mailer,
    settings,
    publicUrl: config.publicUrl,
    logger,
  });
  const health = createHealthService(config, database, mailer);
  return {
    documents,
    profile,
    config,
    database,
    db,
    logger,
    logs,
    settings,
    jobs,
    mailer,
    unsubscribe,
    accounts,
    sessionCache,
    casesFirstPages,
    lawLibrary,
    keyDates,
    auth,
    passwordChecks,
    billing,
    models,
    assistant,
    cases,
    chat,
    uploads,
    documentAnalysis,
    fileReading,
    comparisons,
    testimonials,
    usage,
    admin,
    adminAttorneys,
    adminCases,
    adminTestimonials,
    adminUsers,
    health,
  };
}

export type Services = ReturnType<typeof createServices>;

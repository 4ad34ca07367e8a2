import { ERROR_CODES } from "@shared/api-error";
import { GENERIC_TEXT } from "@shared/messages";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { createAuthRoutes } from "./auth/auth.routes";
import { createAccountRoutes } from "./features/account/account.routes";
import { createAdminRoutes } from "./features/admin/admin.routes";
import { createAiModelsRoutes } from "./features/admin/ai-models/admin-ai-models.routes";
import {
  createAdminAttorneysRoutes,
  createAdminReferralsRoutes,
} from "./features/admin/attorneys/admin-attorneys.routes";
import { createAdminCasesRoutes } from "./features/admin/cases/admin-cases.routes";
import { createAdminLawLibraryRoutes } from "./features/admin/law-library/admin-law-library.routes";
import { createAdminSettingsRoutes } from "./features/admin/settings/admin-settings.routes";
import { createAdminTestimonialsRoutes } from "./features/admin/testimonials/admin-testimonials.routes";
import { createAdminUsersRoutes } from "./features/admin/users/admin-users.routes";
import { createUploadAnalysisRoutes } from "./features/assistant/assistant.routes";
import { createBillingRoutes } from "./features/billing/billing.routes";
import { createCasesRoutes } from "./features/cases/cases.routes";
import { createDocumentsRoutes } from "./features/documents/documents.routes";
import { createHealthRoutes } from "./features/health/health.routes";
import {
  createCalendarFeedRoutes,
  createCaseKeyDatesRoutes,
  createKeyDatesRoutes,
} from "./features/key-dates/key-dates.routes";
import { createTestimonialsRoutes } from "./features/landing/landing.routes";
import { createOutboxRoutes } from "./features/mail/outbox.routes";
import { createUnsubscribeRoutes } from "./features/mail/unsubscribe";
import { createProfileRoutes } from "./features/profile/profile.routes";
import { createPublicSettingsRoutes } from "./features/settings/settings.routes";
import { createSupportRoutes } from "./features/support/support.routes";
import { createUploadsRoutes } from "./features/uploads/uploads.routes";
import { requestBodyLimit } from "./http/body-limit";
import type { AppEnv } from "./http/env";
import { jsonBodiesOnly } from "./http/json-body";
import { maintenanceGuard } from "./http/maintenance";
import { clientAddress, originCheck, requestIds, securityHeaders } from "./http/security";
import { createSessionGuards } from "./http/session";
import { serveClient } from "./http/static";
import { ApiError } from "./lib/errors";
import { describeFault } from "./lib/logger";
import type { Services } from "./services";

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Build the whole HTTP application (no listening: the entry point and the tests serve it).
 * Order matters: security headers and the client address first, the origin check before any
 * state-changing route, the API, then the built client with its SPA fallback.
 */
export function createApp(services: Services) {
  const {
    config,
    health,
    auth,
    accounts,
    settings,
    mailer,
    admin,
    adminAttorneys,
    adminCases,
    adminTestimonials,
    adminUsers,
    cases,
    chat,
    comparisons,
    testimonials,
    profile,
    documents,
    billing,
  } = services;
  const guards = createSessionGuards({
    accounts,
    settings,
    authSecret: config.authSecret,
  });

  const api = new Hono<AppEnv>()
    .route("/health", createHealthRoutes(health))
    .route("/auth", createAuthRoutes(auth))
    .route("/", createAccountRoutes(guards))
    .route("/settings", createPublicSettingsRoutes(settings, config))
    .route("/cases", createCasesRoutes(cases, chat, comparisons, guards))
    .route("/testimonials", createTestimonialsRoutes(testimonials))
    .route("/support", createSupportRoutes(settings, guards))
    .route("/profile", createProfileRoutes(profile, auth, services.passwordChecks, guards))
    .route("/billing", createBillingRoutes(billing, guards))
    .route("/documents", createDocumentsRoutes(documents, guards))
    .route(
      "/uploads",
      createUploadsRoutes(services.uploads, guards, (user, caseId) => cases.get(user, caseId)),
    )
    .route("/uploads", createUploadAnalysisRoutes(services.documentAnalysis, guards))
    .route("/cases", createCaseKeyDatesRoutes(services.keyDates, guards))
    .route("/key-dates", createKeyDatesRoutes(services.keyDates, guards))
    .route("/admin/settings", createAdminSettingsRoutes(settings, guards))
    .route("/admin/cases", createAdminCasesRoutes(adminCases, guards))
    .route("/admin/attorneys", createAdminAttorneysRoutes(adminAttorneys, guards))
    .route("/admin/referrals", createAdminReferralsRoutes(adminAttorneys, guards))
    .route("/admin/testimonials", createAdminTestimonialsRoutes(adminTestimonials, guards))
    .route("/admin/law-library", createAdminLawLibraryRoutes(services.lawLibrary, guards))
    .route("/admin/users", createAdminUsersRoutes(adminUsers, guards))
    .route("/admin/ai-models", createAiModelsRoutes(services.models, guards))
    .route("/admin", createAdminRoutes(admin, guards));

  const app = new Hono<AppEnv>();
  app.use(requestIds());
  app.use(securityHeaders({ https: config.publicUrl.startsWith("https://") }));
  app.use(clientAddress({ trustProxy: config.trustProxy }));
  app.use("/api/*", originCheck({ publicUrl: config.publicUrl, exempt: ["/api/billing/webhook"] }));
  // Down for maintenance is said first, whatever the request carries (it reads no body).
  app.use("/api/*", maintenanceGuard({ settings, currentUser: guards.currentUser }));
  // Uploads stream through their own limit (the administrator's file size), checked as they arrive.
  app.use("/api/*", requestBodyLimit(JSON_BODY_LIMIT, { exempt: ["/api/uploads"] }));
  // JSON or nothing: the webhook's body is Stripe's signed bytes, an upload is multipart.
  app.use("/api/*", jsonBodiesOnly({ exempt: ["/api/billing/webhook", "/api/uploads"] }));

  app.route("/api", api);
  if (mailer.kind === "outbox") app.route("/dev", createOutboxRoutes(mailer, guards));
  app.route(
    "/unsubscribe",
    createUnsubscribeRoutes(services.unsubscribe, async () => (await settings.get()).general.siteName),
  );
  app.route("/calendar", createCalendarFeedRoutes(services.keyDates));
  app.all("/api/*", () => {
    throw new ApiError(404, ERROR_CODES.notFound, GENERIC_TEXT.notFound);
  });
  app.get("/robots.txt", (c) =>
    c.text(
      "User-agent: *\nAllow: /welcome\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /api/\nDisallow: /dev/\nDisallow: /unsubscribe\nDisallow: /calendar/\n",
    ),
  );
  app.use(serveClient(config.clientDir, { isSignedIn: async (c) => Boolean(await guards.currentUser(c)) }));

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code =
        status === 401 ? ERROR_CODES.unauthenticated : status === 404 ? ERROR_CODES.notFound : ERROR_CODES.invalidInput;
      return c.json({ error: { code, message: error.message || GENERIC_TEXT.invalidInput } }, status);
    }
    // One line: the route (its pattern, never the path with its ids), the error id the member is
    // given, and where it happened. Never the request's data, nor the error's message.
    const errorId = c.get("requestId");
    services.logger.error(
      { errorId, method: c.req.method, route: c.req.routePath, fault: describeFault(error) },
      "unhandled error",
    );
    return c.json({ error: { code: ERROR_CODES.internal, message: GENERIC_TEXT.internal, errorId } }, 500);
  });
  app.notFound((c) => c.json({ error: { code: ERROR_CODES.notFound, message: GENERIC_TEXT.notFound } }, 404));

  return app;
}

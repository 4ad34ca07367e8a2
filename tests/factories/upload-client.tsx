import { ToastProvider } from "@client/components/ui/Toast";
import { UploadsProvider } from "@client/components/uploads/file-uploads";
import { uploadsFeature } from "@client/features/uploads/uploads-feature";
import type { PublicSettings } from "@shared/schemas/settings";
import type { UploadSummary } from "@shared/schemas/uploads";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { RouteObject } from "react-router";
import { fakeApi, json, publicSettings, type Route, sessionUser } from "./fake-api";
import { fakeUploadXhr } from "./fake-upload-xhr";
import { renderRoutes } from "./render-app";

/**
 * The set-up the client tests of file uploads share: an uploaded file as the API describes it, the
 * API and the upload requests faked, and a page rendered with the app's data and toast providers
 * and the uploads feature. (An answer streamed event by event: `fakeEventStream` in sse.ts.)
 */

/** An uploaded file as the API lists it: a 2 KB PDF lease still being read, with `overrides`. */
export function uploadSummary(overrides: Partial<UploadSummary> = {}): UploadSummary {
  return {
    id: "7d0f3c2a-1b4e-4c5d-8e9f-0a1b2c3d4e5f",
    fileName: "lease.pdf",
    kind: "pdf",
    mimeType: "application/pdf",
    sizeBytes: 2048,
    status: "reading",
    statusMessage: null,
    caseId: null,
    caseTitle: null,
    sentAt: null,
    pageCount: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    analysedAt: null,
    ...overrides,
  };
}

/**
 * The routes a signed-in page that takes files asks for: the member, the public settings (with
 * `settings`) and this month's upload allowance (`used` of 3).
 */
export function memberUploadRoutes(
  options: { used?: number; settings?: Partial<PublicSettings> } = {},
): Record<string, Route> {
  return {
    "GET /api/me": () => json({ user: sessionUser() }),
    "GET /api/settings/public": () => json(publicSettings(options.settings)),
    "GET /api/uploads/allowance": () => json({ used: options.used ?? 1, limit: 3, period: "2026-11" }),
  };
}

/**
 * Fake the server for uploads: `fetch` answers `routes` (fake-api.ts) and XMLHttpRequest, which the
 * uploads use for their progress, records each upload for the test to answer (fake-upload-xhr.ts).
 */
export function fakeUploadServer(routes: Record<string, Route> = {}) {
  const api = fakeApi(routes);
  const xhr = fakeUploadXhr();
  return { api, xhr };
}

/** The uploads feature, as the app gives it to the pages that take files (its dashboard layout). */
export function WithUploads({ children }: { children: ReactNode }) {
  return <UploadsProvider value={uploadsFeature}>{children}</UploadsProvider>;
}

/** A query cache that does not retry, so a refused request shows at once. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Render `page` as the signed-in app shows it (a fresh query cache, toasts, the uploads feature), in a router started at
 * `path`. `route` is the page's route pattern when it has parameters; `others` are the routes the
 * page may go to; `queryClient`, a cache the test wants to look into. Returns the router, to see
 * where the page went.
 */
export function renderPage(
  page: ReactNode,
  {
    path,
    route = path,
    others = [],
    queryClient = testQueryClient(),
  }: { path: string; route?: string; others?: RouteObject[]; queryClient?: QueryClient },
) {
  const element = (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <WithUploads>{page}</WithUploads>
      </ToastProvider>
    </QueryClientProvider>
  );
  return renderRoutes([{ path: route, element }, ...others], path);
}

import { uploadIdParamSchema as idParam } from "@shared/schemas/uploads";
import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { eventStream } from "../../http/sse";
import { validate } from "../../http/validate";
import type { DocumentAnalysis } from "./document-analysis.service";

/**
 * The assistant's routes under `/api/uploads`: the Document Center's analysis of a member's file
 * (`POST /api/uploads/{id}/analysis`), streamed. An unknown file or a spent AI allowance is
 * refused before the stream opens. Uploads themselves know nothing of the assistant.
 */
export function createUploadAnalysisRoutes(
  analysis: Pick<DocumentAnalysis, "analyseUpload">,
  guards: ReturnType<typeof createSessionGuards>,
) {
  return new Hono<AppEnv>().post("/:id/analysis", guards.requireUser, validate("param", idParam), async (c) =>
    eventStream(c, await analysis.analyseUpload(c.get("sessionUser"), c.req.valid("param").id)),
  );
}

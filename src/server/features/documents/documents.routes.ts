import {
  downloadQuerySchema,
  generateDocumentSchema,
  documentIdParamSchema as idParam,
  documentListQuerySchema as listQuery,
  saveDraftSchema,
  templateParamSchema as templateParam,
} from "@shared/schemas/documents";
import { Hono } from "hono";
import { actorOf } from "../../http/actor";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import type { DocumentsService } from "./documents.service";

export function createDocumentsRoutes(documents: DocumentsService, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>()
    .use(guards.requireUser)
    .get("/", validate("query", listQuery), async (c) =>
      c.json(await documents.list(c.get("sessionUser"), c.req.valid("query").cursor)),
    )
    .post("/generate", validate("json", generateDocumentSchema), async (c) => {
      const { templateId, answers } = c.req.valid("json");
      return c.json({ document: await documents.generate(c.get("sessionUser"), templateId, answers, actorOf(c)) }, 201);
    })
    .get("/templates", async (c) => c.json({ items: await documents.templates(c.get("sessionUser")) }))
    .get("/drafts", async (c) => c.json({ items: await documents.drafts(c.get("sessionUser")) }))
    .put("/drafts/:templateId", validate("param", templateParam), validate("json", saveDraftSchema), async (c) => {
      const { answers, step } = c.req.valid("json");
      return c.json({
        draft: await documents.saveDraft(c.get("sessionUser"), c.req.valid("param").templateId, answers, step),
      });
    })
    .delete("/drafts/:templateId", validate("param", templateParam), async (c) => {
      await documents.discardDraft(c.get("sessionUser"), c.req.valid("param").templateId);
      return c.json({ deleted: true });
    })
    .get("/:id", validate("param", idParam), async (c) =>
      c.json({ document: await documents.get(c.get("sessionUser"), c.req.valid("param").id) }),
    )
    .get("/:id/download", validate("param", idParam), validate("query", downloadQuerySchema), async (c) => {
      const file = await documents.file(c.get("sessionUser"), c.req.valid("param").id, c.req.valid("query").format);
      c.header("Content-Type", file.type);
      c.header("Content-Disposition", `attachment; filename="${file.name}"`);
      c.header("Cache-Control", "private, no-store");
      return c.body(new Uint8Array(file.body));
    })
    .delete("/:id", validate("param", idParam), async (c) => {
      await documents.remove(c.get("sessionUser"), c.req.valid("param").id, actorOf(c));
      return c.json({ deleted: true });
    })
    .post("/:id/review", validate("param", idParam), async (c) => {
      return c.json(await documents.requestReview(c.get("sessionUser"), c.req.valid("param").id, actorOf(c)), 201);
    });
}

import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { uploadIdParamSchema as idParam, uploadListQuerySchema as listQuery } from "@shared/schemas/uploads";
import type { SessionUser } from "@shared/session";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import type { UploadsService } from "./uploads.service";

/**
 * The request's body as a Node stream: straight from the socket when served by Node (nothing
 * buffered), or from the web request's stream (tests call the app directly).
 */
function bodyOf(c: Context<AppEnv>): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return incoming;
  const web = c.req.raw.body;
  return web ? Readable.fromWeb(web as unknown as NodeWebStream<Uint8Array>) : Readable.from([]);
}

/** `attachment; filename=…` that keeps any name intact (RFC 6266 / 5987) and safe in a header. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The member's files. `authorizeCase` checks the case a file is brought into (the upload's `caseId`
 * field) before a byte of it is stored: it throws the case's 404 unless the member owns it. A
 * file's analysis is the assistant's (its routes: features/assistant/assistant.routes.ts).
 */
export function createUploadsRoutes(
  uploads: UploadsService,
  guards: ReturnType<typeof createSessionGuards>,
  authorizeCase: (user: SessionUser, caseId: string) => Promise<unknown>,
) {
  return new Hono<AppEnv>()
    .use(guards.requireUser)
    .post("/", async (c) => {
      const user = c.get("sessionUser");
      const created = await uploads.receive(
        user,
        {
          contentType: c.req.header("content-type"),
          contentLength: c.req.header("transfer-encoding") ? undefined : c.req.header("content-length"),
          body: bodyOf(c),
        },
        (caseId) => authorizeCase(user, caseId),
      );
      return c.json(created, 201);
    })
    .get("/", validate("query", listQuery), async (c) => {
      const q = c.req.valid("query");
      const filter = { inCase: q.caseId ?? null, unsent: q.unsent !== undefined };
      return c.json(await uploads.list(c.get("sessionUser"), q.cursor ?? null, filter));
    })
    .get("/allowance", async (c) => c.json(await uploads.allowance(c.get("sessionUser"))))
    .get("/:id", validate("param", idParam), async (c) =>
      c.json({ upload: await uploads.get(c.get("sessionUser"), c.req.valid("param").id) }),
    )
    .get("/:id/file", validate("param", idParam), async (c) => {
      const file = await uploads.download(c.get("sessionUser"), c.req.valid("param").id);
      c.header("Content-Type", file.upload.mimeType);
      c.header("Content-Length", String(file.upload.sizeBytes));
      c.header("Content-Disposition", contentDisposition(file.upload.fileName));
      c.header("Cache-Control", "private, no-store");
      c.header("X-Content-Type-Options", "nosniff");
      const stream = Readable.toWeb(Readable.from(file.bytes)) as unknown as ReadableStream<Uint8Array>;
      return c.body(stream);
    })
    .delete("/:id", validate("param", idParam), async (c) => {
      await uploads.remove(c.get("sessionUser"), c.req.valid("param").id);
      return c.body(null, 204);
    });
}

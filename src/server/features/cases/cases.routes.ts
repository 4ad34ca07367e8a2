import { CASE_TEXT } from "@shared/messages";
import {
  caseIdParam,
  chooseComparisonSchema,
  comparisonParams,
  createCaseSchema,
  listQuerySchema,
  messagesQuerySchema,
  questionSchema,
  sendMessageSchema,
} from "@shared/schemas/cases";
import type { ComparisonPreview, ComparisonStreamEvent } from "@shared/schemas/streams";
import { uploadIdParamSchema } from "@shared/schemas/uploads";
import { Hono } from "hono";
import { actorOf } from "../../http/actor";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { eventStream } from "../../http/sse";
import { validate } from "../../http/validate";
import type { CasesService } from "./cases.service";
import type { ChatService } from "./chat.service";
import type { ComparisonsService } from "./comparisons.service";

/**
 * Cases, their conversation and comparisons. A streamed answer is one service call: it refuses a
 * request by throwing before it resolves (a JSON error, before the stream opens), then gives the
 * stream's body.
 */
export function createCasesRoutes(
  cases: CasesService,
  chat: ChatService,
  comparisons: ComparisonsService,
  guards: ReturnType<typeof createSessionGuards>,
) {
  return new Hono<AppEnv>()
    .use(guards.requireUser)
    .get("/", validate("query", listQuerySchema), async (c) => {
      const json = await cases.listJson(c.get("sessionUser"), c.req.valid("query"));
      return c.body(json, 200, { "Content-Type": "application/json" });
    })
    .post("/", validate("json", createCaseSchema), async (c) => {
      const { detail, created } = await cases.create(c.get("sessionUser"), c.req.valid("json"), actorOf(c));
      return c.json({ case: detail }, created ? 201 : 200);
    })
    .post("/from-upload/:id", validate("param", uploadIdParamSchema), async (c) =>
      c.json(await chat.openCaseAbout(c.get("sessionUser"), c.req.valid("param").id), 201),
    )
    .get("/:id", validate("param", caseIdParam), async (c) => {
      return c.json({ case: await cases.get(c.get("sessionUser"), c.req.valid("param").id) });
    })
    .get("/:id/messages", validate("param", caseIdParam), validate("query", messagesQuerySchema), async (c) => {
      const q = c.req.valid("query");
      return c.json(await chat.messages(c.get("sessionUser"), c.req.valid("param").id, q.before ?? null, q.limit));
    })
    .post("/:id/messages", validate("param", caseIdParam), validate("json", sendMessageSchema), async (c) =>
      eventStream(c, await chat.send(c.get("sessionUser"), c.req.valid("param").id, c.req.valid("json"))),
    )
    .post("/:id/regenerate", validate("param", caseIdParam), async (c) =>
      eventStream(c, await chat.regenerate(c.get("sessionUser"), c.req.valid("param").id)),
    )
    .post("/:id/stop", validate("param", caseIdParam), async (c) => {
      return c.json({ stopping: await chat.stop(c.get("sessionUser"), c.req.valid("param").id) });
    })
    .post("/:id/archive", validate("param", caseIdParam), async (c) => {
      return c.json({ case: await cases.archive(c.get("sessionUser"), c.req.valid("param").id, actorOf(c)) });
    })
    .post("/:id/restore", validate("param", caseIdParam), async (c) => {
      return c.json({ case: await cases.restore(c.get("sessionUser"), c.req.valid("param").id, actorOf(c)) });
    })
    .post("/:id/referral", validate("param", caseIdParam), async (c) => {
      return c.json(await cases.refer(c.get("sessionUser"), c.req.valid("param").id, actorOf(c)), 201);
    })
    .post("/:id/comparisons", validate("param", caseIdParam), validate("json", questionSchema), async (c) => {
      const user = c.get("sessionUser");
      const question = c.req.valid("json").content;
      const started = await comparisons.start(user, c.req.valid("param").id, question);
      const id = started.comparison.id;
      if (started.mode === "preview") {
        const answers = await comparisons.run(user, started.row, id, question, "preview");
        const preview: ComparisonPreview = { comparison: { id, mode: "preview", offline: started.offline, answers } };
        return c.json(preview);
      }
      return eventStream<ComparisonStreamEvent>(c, async (emit) => {
        await emit("comparison", { id, mode: "full", offline: started.offline });
        try {
          const answers = await comparisons.run(user, started.row, id, question, "full", emit);
          await emit("done", { id, answers });
        } catch {
          await emit("error", { message: CASE_TEXT.comparisonFailed });
        }
      });
    })
    .post(
      "/:id/comparisons/:comparisonId/choose",
      validate("param", comparisonParams),
      validate("json", chooseComparisonSchema),
      async (c) => {
        const p = c.req.valid("param");
        return c.json(
          await comparisons.choose(c.get("sessionUser"), p.id, p.comparisonId, c.req.valid("json").side, actorOf(c)),
        );
      },
    );
}

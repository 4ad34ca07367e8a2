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
import { Hono } from "hono";
import { actorOf } from "../../http/actor";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { eventStream } from "../../http/sse";
import { validate } from "../../http/validate";
import type { CasesService } from "./cases.service";
import type { ChatService } from "./chat.service";
import type { ComparisonsService } from "./comparisons.service";

export function createCasesRoutes(
  cases: CasesService,
  chat: ChatService,
  comparisons: ComparisonsService,
  guards: ReturnType<typeof createSessionGuards>,
) {
  return new Hono<AppEnv>()
    .use(guards.requireUser)
    .get("/", validate("query", listQuerySchema), async (c) => {
      const q = c.req.valid("query");
      return c.json(await cases.list(c.var.sessionUser, q));
    })
    .post("/", validate("json", createCaseSchema), async (c) => {
      return c.json({ case: await cases.create(c.var.sessionUser, c.req.valid("json"), actorOf(c)) }, 201);
    })
    .get("/:id", validate("param", caseIdParam), async (c) => {
      return c.json({ case: await cases.get(c.var.sessionUser, c.req.valid("param").id) });
    })
    .get("/:id/messages", validate("param", caseIdParam), validate("query", messagesQuerySchema), async (c) => {
      const q = c.req.valid("query");
      return c.json(await chat.messages(c.var.sessionUser, c.req.valid("param").id, q.before ?? null, q.limit));
    })
    .post("/:id/messages", validate("param", caseIdParam), validate("json", sendMessageSchema), async (c) => {
      const user = c.var.sessionUser;
      const body = c.req.valid("json");
      const accepted = await chat.acceptMessage(user, c.req.valid("param").id, body.content, body.attachments);
      return eventStream(c, async (emit) => {
        await emit("message", { message: accepted.message, case: accepted.case });
        await chat.reply(user, accepted.row, emit, accepted.offerCandidate, accepted.history, accepted.files);
      });
    })
    .post("/:id/regenerate", validate("param", caseIdParam), async (c) => {
      const user = c.var.sessionUser;
      const accepted = await chat.acceptRegenerate(user, c.req.valid("param").id);
      return eventStream(c, async (emit) => {
        await emit("regenerating", { removedId: accepted.removedId });
        await chat.reply(user, accepted.row, emit, false);
      });
    })
    .post("/:id/stop", validate("param", caseIdParam), async (c) => {
      return c.json({ stopping: await chat.stop(c.var.sessionUser, c.req.valid("param").id) });
    })
    .post("/:id/archive", validate("param", caseIdParam), async (c) => {
      return c.json({ case: await cases.archive(c.var.sessionUser, c.req.valid("param").id, actorOf(c)) });
    })
    .post("/:id/restore", validate("param", caseIdParam), async (c) => {
      return c.json({ case: await cases.restore(c.var.sessionUser, c.req.valid("param").id, actorOf(c)) });
    })
    .post("/:id/referral", validate("param", caseIdParam), async (c) => {
      return c.json(await cases.refer(c.var.sessionUser, c.req.valid("param").id, actorOf(c)), 201);
    })
    .post("/:id/comparisons", validate("param", caseIdParam), validate("json", questionSchema), async (c) => {
      const user = c.var.sessionUser;
      const question = c.req.valid("json").content;
      const started = await comparisons.start(user, c.req.valid("param").id, question);
      const id = started.comparison.id;
      if (started.mode === "preview") {
        const answers = await comparisons.run(user, started.row, id, question, "preview");
        return c.json({ comparison: { id, mode: "preview" as const, answers } });
      }
      return eventStream(c, async (emit) => {
        await emit("comparison", { id, mode: "full" });
        try {
          const answers = await comparisons.run(user, started.row, id, question, "full", emit);
          await emit("done", { id, answers });
        } catch {
          await emit("error", { message: "The comparison could not be completed. Please try again." });
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
          await comparisons.choose(c.var.sessionUser, p.id, p.comparisonId, c.req.valid("json").side, actorOf(c)),
        );
      },
    );
}

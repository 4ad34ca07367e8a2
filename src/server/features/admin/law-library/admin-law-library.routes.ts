import {
  lawFactEditSchema,
  lawFactParamSchema,
  lawLibraryQuerySchema,
  lawReleaseDecisionSchema,
} from "@shared/schemas/law-library";
import type { Context } from "hono";
import { Hono } from "hono";
import { actorOf } from "../../../http/actor";
import type { AppEnv } from "../../../http/env";
import type { createSessionGuards } from "../../../http/session";
import { validate } from "../../../http/validate";
import type { LawLibrary } from "../../law-library/law-library.service";

type Guards = ReturnType<typeof createSessionGuards>;

/** Who changed a fact, as the fact and its audit row say: the administrator's name and address. */
function editorOf(c: Context<AppEnv>) {
  const user = c.get("sessionUser");
  const name = `${user.firstName} ${user.lastName}`.trim();
  return { ...actorOf(c), name: name ? `${name} (${user.email})` : user.email };
}

/**
 * /api/admin/law-library: the law library's facts by state and topic, with their sources, checked
 * dates and ages; correct one, mark one checked, decide on a newer release of an edited one.
 * Administrators only; every change audited.
 */
export function createAdminLawLibraryRoutes(library: LawLibrary, guards: Guards) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/", validate("query", lawLibraryQuerySchema), async (c) => {
      const q = c.req.valid("query");
      return c.json(
        await library.list({
          ...(q.state ? { state: q.state } : {}),
          ...(q.topic ? { topic: q.topic } : {}),
          due: q.due === "1",
          ...(q.page ? { page: q.page } : {}),
        }),
      );
    })
    .get("/:state/:topic", validate("param", lawFactParamSchema), async (c) => {
      const { state, topic } = c.req.valid("param");
      return c.json(await library.detail(state, topic));
    })
    .patch("/:state/:topic", validate("param", lawFactParamSchema), validate("json", lawFactEditSchema), async (c) => {
      const { state, topic } = c.req.valid("param");
      return c.json(await library.edit(state, topic, c.req.valid("json"), editorOf(c)));
    })
    .post("/:state/:topic/checked", validate("param", lawFactParamSchema), async (c) => {
      const { state, topic } = c.req.valid("param");
      return c.json(await library.markChecked(state, topic, editorOf(c)));
    })
    .post(
      "/:state/:topic/release",
      validate("param", lawFactParamSchema),
      validate("json", lawReleaseDecisionSchema),
      async (c) => {
        const { state, topic } = c.req.valid("param");
        return c.json(await library.decideRelease(state, topic, c.req.valid("json"), editorOf(c)));
      },
    );
}

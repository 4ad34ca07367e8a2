import {
  calendarSettingsSchema,
  keyDateIdParamSchema,
  keyDateInputSchema,
  keyDateOfferAnswerSchema,
  keyDateOfferParamSchema,
} from "@shared/key-dates";
import { caseIdParam as caseIdParamSchema } from "@shared/schemas/cases";
import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import { notFound } from "../../lib/errors";
import type { KeyDatesService } from "./key-dates.service";

type Guards = ReturnType<typeof createSessionGuards>;

/** The case's key dates, under /api/cases/{id}/key-dates (the case must be the member's own). */
export function createCaseKeyDatesRoutes(keyDates: KeyDatesService, guards: Guards) {
  return new Hono<AppEnv>()
    .get("/:id/key-dates", guards.requireUser, validate("param", caseIdParamSchema), async (c) =>
      c.json(await keyDates.list(c.get("sessionUser"), c.req.valid("param").id)),
    )
    .post(
      "/:id/key-dates",
      guards.requireUser,
      validate("param", caseIdParamSchema),
      validate("json", keyDateInputSchema),
      async (c) =>
        c.json(
          { keyDate: await keyDates.add(c.get("sessionUser"), c.req.valid("param").id, c.req.valid("json")) },
          201,
        ),
    )
    .post(
      "/:id/messages/:messageId/key-date-offer",
      guards.requireUser,
      validate("param", keyDateOfferParamSchema),
      validate("json", keyDateOfferAnswerSchema),
      async (c) => {
        const { id, messageId } = c.req.valid("param");
        return c.json(await keyDates.answerOffer(c.get("sessionUser"), id, messageId, c.req.valid("json")));
      },
    )
    .delete("/:id/key-dates/:keyDateId", guards.requireUser, validate("param", keyDateIdParamSchema), async (c) => {
      const { id, keyDateId } = c.req.valid("param");
      await keyDates.remove(c.get("sessionUser"), id, keyDateId);
      return c.body(null, 204);
    })
    .get(
      "/:id/key-dates/:keyDateId/calendar",
      guards.requireUser,
      validate("param", keyDateIdParamSchema),
      async (c) => {
        const { id, keyDateId } = c.req.valid("param");
        const file = await keyDates.ics(c.get("sessionUser"), id, keyDateId);
        c.header("Content-Type", "text/calendar; charset=utf-8");
        c.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
        c.header("Cache-Control", "private, no-store");
        return c.body(file.text);
      },
    );
}

/** /api/key-dates: the member's coming deadlines and their calendar settings (time zone, reminders, feed). */
export function createKeyDatesRoutes(keyDates: KeyDatesService, guards: Guards) {
  return new Hono<AppEnv>()
    .use(guards.requireUser)
    .get("/upcoming", async (c) => c.json({ deadlines: await keyDates.upcoming(c.get("sessionUser")) }))
    .get("/calendar", async (c) => c.json(await keyDates.calendarStatus(c.get("sessionUser"))))
    .patch("/calendar", validate("json", calendarSettingsSchema), async (c) =>
      c.json(await keyDates.updateCalendar(c.get("sessionUser"), c.req.valid("json"))),
    )
    .post("/calendar/feed", async (c) => c.json(await keyDates.newFeed(c.get("sessionUser"))))
    .delete("/calendar/feed", async (c) => c.json(await keyDates.revokeFeed(c.get("sessionUser"))));
}

/**
 * /calendar/{token}.ics: a member's private calendar feed, read by calendar apps without a session.
 * The token is its only key: a guessed, revoked or malformed one is 404 and names nobody.
 */
export function createCalendarFeedRoutes(keyDates: KeyDatesService) {
  const none = () => {
    throw notFound("There is no such calendar.");
  };
  return (
    new Hono<AppEnv>()
      .get("/:file", async (c) => {
        const file = c.req.param("file");
        const text = file.endsWith(".ics") ? await keyDates.feed(file.slice(0, -4)) : null;
        if (!text) return none();
        c.header("Content-Type", "text/calendar; charset=utf-8");
        c.header("Cache-Control", "private, max-age=300");
        c.header("X-Robots-Tag", "noindex");
        return c.body(text);
      })
      // Nothing else lives under /calendar: an empty or deeper address is not found, never a page.
      .all("/", none)
      .all("/*", none)
  );
}

import { PROFILE_TEXT } from "@shared/messages";
import { deleteAccountSchema, preferencesSchema, profileUpdateSchema } from "@shared/schemas/profile";
import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import type { Auth } from "../../auth/auth";
import { actorOf } from "../../http/actor";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import { ApiError } from "../../lib/errors";
import type { ProfileService } from "./profile.service";

export function createProfileRoutes(
  profile: ProfileService,
  auth: Auth,
  guards: ReturnType<typeof createSessionGuards>,
) {
  return new Hono<AppEnv>()
    .use(guards.requireUser)
    .get("/", async (c) => c.json(await profile.overview(c.var.sessionUser)))
    .patch("/", validate("json", profileUpdateSchema), async (c) => {
      return c.json({ user: await profile.update(c.var.sessionUser, c.req.valid("json"), actorOf(c)) });
    })
    .put("/preferences", validate("json", preferencesSchema), async (c) => {
      return c.json({ user: await profile.setPreferences(c.var.sessionUser, c.req.valid("json"), actorOf(c)) });
    })
    .get("/export", async (c) => {
      const data = await profile.export(c.var.sessionUser);
      const day = new Date().toISOString().slice(0, 10);
      c.header("Content-Disposition", `attachment; filename="lawguide-data-${day}.json"`);
      return c.json(data);
    })
    .post("/delete", validate("json", deleteAccountSchema), async (c) => {
      try {
        await auth.api.verifyPassword({ body: { password: c.req.valid("json").password }, headers: c.req.raw.headers });
      } catch {
        throw new ApiError(400, "INVALID_CREDENTIALS", "That password is not right. Your account was not deleted.");
      }
      await profile.deleteAccount(c.var.sessionUser, actorOf(c));
      for (const name of ["lawguide.session_token", "lawguide.dont_remember"]) deleteCookie(c, name, { path: "/" });
      for (const name of ["__Secure-lawguide.session_token", "__Secure-lawguide.dont_remember"]) {
        deleteCookie(c, name, { path: "/", secure: true });
      }
      return c.json({ deleted: true, message: PROFILE_TEXT.accountDeleted });
    });
}

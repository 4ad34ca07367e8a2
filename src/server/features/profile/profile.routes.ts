import { ERROR_CODES } from "@shared/api-error";
import { PROFILE_TEXT } from "@shared/messages";
import { deleteAccountSchema, preferencesSchema, profileUpdateSchema } from "@shared/schemas/profile";
import { isAPIError } from "better-auth/api";
import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import type { Auth } from "../../auth/auth";
import type { PasswordChecks } from "../../auth/password-checks";
import { actorOf } from "../../http/actor";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import { ApiError, unauthenticated } from "../../lib/errors";
import type { ProfileService } from "./profile.service";

export function createProfileRoutes(
  profile: ProfileService,
  auth: Auth,
  passwordChecks: PasswordChecks,
  guards: ReturnType<typeof createSessionGuards>,
) {
  return new Hono<AppEnv>()
    .use(guards.requireUser)
    .get("/", async (c) => c.json(await profile.overview(c.get("sessionUser"))))
    .patch("/", validate("json", profileUpdateSchema), async (c) => {
      return c.json({ user: await profile.update(c.get("sessionUser"), c.req.valid("json"), actorOf(c)) });
    })
    .put("/preferences", validate("json", preferencesSchema), async (c) => {
      return c.json({ user: await profile.setPreferences(c.get("sessionUser"), c.req.valid("json"), actorOf(c)) });
    })
    .get("/export", async (c) => {
      // HEAD comes here too (Hono answers it with the GET route): it says whether the export would
      // be given, without starting or counting one, so the page can explain a refusal before the
      // browser downloads to disk.
      const user = c.get("sessionUser");
      const head = c.req.method === "HEAD";
      if (head) await profile.checkExport(user);
      const archive = head ? null : await profile.exportArchive(user, actorOf(c), c.req.raw.signal);
      const day = new Date().toISOString().slice(0, 10);
      c.header("Content-Type", "application/zip");
      c.header("Content-Disposition", `attachment; filename="lawguide-data-${day}.zip"`);
      c.header("Cache-Control", "private, no-store");
      c.header("X-Content-Type-Options", "nosniff");
      return archive ? c.body(archive) : c.body(null);
    })
    .post("/delete", validate("json", deleteAccountSchema), async (c) => {
      const user = c.get("sessionUser");
      const right = await passwordChecks.verify(user.email.toLowerCase(), c.get("clientIp") ?? null, async () => {
        try {
          await auth.api.verifyPassword({
            body: { password: c.req.valid("json").password },
            headers: c.req.raw.headers,
          });
          return true;
        } catch (error) {
          // No session any more: the account was deleted a moment ago by another request.
          if (isAPIError(error) && error.statusCode === 401) throw unauthenticated();
          return false;
        }
      });
      if (!right) {
        throw new ApiError(
          400,
          ERROR_CODES.invalidCredentials,
          "That password is not right. Your account was not deleted.",
        );
      }
      if (!(await profile.deleteAccount(c.get("sessionUser"), actorOf(c)))) throw unauthenticated();
      for (const name of ["lawguide.session_token", "lawguide.dont_remember"]) deleteCookie(c, name, { path: "/" });
      for (const name of ["__Secure-lawguide.session_token", "__Secure-lawguide.dont_remember"]) {
        deleteCookie(c, name, { path: "/", secure: true });
      }
      return c.json({ deleted: true, message: PROFILE_TEXT.accountDeleted });
    });
}

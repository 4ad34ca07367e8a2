import {
  createTestimonialSchema,
  moveTestimonialSchema,
  testimonialIdParamSchema,
  updateTestimonialSchema,
} from "@shared/schemas/admin-testimonials";
import { Hono } from "hono";
import { actorOf } from "../../../http/actor";
import type { AppEnv } from "../../../http/env";
import { recordRoutes } from "../../../http/record-routes";
import type { createSessionGuards } from "../../../http/session";
import { validate } from "../../../http/validate";
import type { AdminTestimonialsService } from "./admin-testimonials.service";

type Guards = ReturnType<typeof createSessionGuards>;

/**
 * /api/admin/testimonials: the landing page's testimonials (list, add, edit, delete, move up or
 * down). Administrators only (401 signed out, 403 anyone else).
 */
export function createAdminTestimonialsRoutes(testimonials: AdminTestimonialsService, guards: Guards) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/", async (c) => c.json(await testimonials.list()))
    .post(
      "/:id/move",
      validate("param", testimonialIdParamSchema),
      validate("json", moveTestimonialSchema),
      async (c) => c.json(await testimonials.move(c.req.valid("param").id, c.req.valid("json").direction, actorOf(c))),
    )
    .route(
      "/",
      recordRoutes(
        "testimonial",
        testimonials,
        testimonialIdParamSchema,
        createTestimonialSchema,
        updateTestimonialSchema,
      ),
    );
}

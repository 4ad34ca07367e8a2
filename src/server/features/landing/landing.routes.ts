import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { TestimonialsService } from "./landing.service";

/**
 * GET /api/testimonials: the landing page's carousel, public. Kept by browsers and proxies for a
 * minute only, so an administrator's change shows on the landing page within a minute.
 */
export function createTestimonialsRoutes(testimonials: TestimonialsService) {
  return new Hono<AppEnv>().get("/", async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ testimonials: await testimonials.list() });
  });
}

import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { TestimonialsService } from "./landing.service";

export function createTestimonialsRoutes(testimonials: TestimonialsService) {
  return new Hono<AppEnv>().get("/", async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ testimonials: await testimonials.list() });
  });
}

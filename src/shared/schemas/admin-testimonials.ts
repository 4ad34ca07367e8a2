import { z } from "zod";
import { text, uuidSchema } from "./text";

/**
 * The landing page's testimonials, kept by administrators (UI.md: a testimonial is a real
 * member's words, shared with their permission, or it says plainly that it is an illustrative
 * example). Request schemas of /api/admin/testimonials and their answers.
 */

export const TESTIMONIAL_LIMITS = {
  quote: 400,
  author: 80,
  context: 80,
  /** Testimonials kept at most, shown or not: the carousel stays a handful of slides. */
  count: 20,
} as const;

export const TESTIMONIAL_TEXT = {
  quote: "Please enter the testimonial's words.",
  quoteTooLong: `A testimonial can be up to ${TESTIMONIAL_LIMITS.quote} characters.`,
  author: "Please say who it is from, for example 'A tenant in Ohio'.",
  authorTooLong: `Who it is from can be up to ${TESTIMONIAL_LIMITS.author} characters.`,
  contextTooLong: `The context can be up to ${TESTIMONIAL_LIMITS.context} characters.`,
  flag: "Please use yes or no.",
  direction: "Move it up or down.",
  notFound: "This testimonial no longer exists. Reload the list.",
  tooMany: `You can keep up to ${TESTIMONIAL_LIMITS.count} testimonials. Delete one before adding another.`,
  nothingToChange: "Please change at least one field.",
} as const;

export const testimonialFieldSchemas = {
  quote: text({
    min: 1,
    max: TESTIMONIAL_LIMITS.quote,
    multiline: true,
    required: TESTIMONIAL_TEXT.quote,
    tooLong: TESTIMONIAL_TEXT.quoteTooLong,
  }),
  author: text({
    min: 1,
    max: TESTIMONIAL_LIMITS.author,
    required: TESTIMONIAL_TEXT.author,
    tooLong: TESTIMONIAL_TEXT.authorTooLong,
  }),
  context: text({ max: TESTIMONIAL_LIMITS.context, tooLong: TESTIMONIAL_TEXT.contextTooLong }),
  /** Not a member's own words: the landing page marks it 'Illustrative example'. */
  isExample: z.boolean({ error: TESTIMONIAL_TEXT.flag }),
  /** Shown on the landing page. */
  isActive: z.boolean({ error: TESTIMONIAL_TEXT.flag }),
};

/** POST /api/admin/testimonials: the words and who they are from; added last, shown. */
export const createTestimonialSchema = z.object({
  quote: testimonialFieldSchemas.quote,
  author: testimonialFieldSchemas.author,
  context: testimonialFieldSchemas.context.default(""),
  isExample: testimonialFieldSchemas.isExample.default(false),
  isActive: testimonialFieldSchemas.isActive.default(true),
});
export type CreateTestimonial = z.infer<typeof createTestimonialSchema>;

/** PATCH /api/admin/testimonials/:id: the fields to change (at least one). */
export const updateTestimonialSchema = z
  .object(testimonialFieldSchemas)
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), TESTIMONIAL_TEXT.nothingToChange);
export type UpdateTestimonial = z.infer<typeof updateTestimonialSchema>;

export const testimonialIdParamSchema = z.object({ id: uuidSchema(TESTIMONIAL_TEXT.notFound) });

/** POST /api/admin/testimonials/:id/move: one place earlier (up) or later (down) in the carousel. */
export const moveTestimonialSchema = z.object({
  direction: z.enum(["up", "down"], { error: TESTIMONIAL_TEXT.direction }),
});
export type MoveDirection = z.infer<typeof moveTestimonialSchema>["direction"];

// ---------------------------------------------------------------- answers

/** One testimonial, as administrators see it. */
export interface AdminTestimonial {
  id: string;
  quote: string;
  author: string;
  context: string;
  isExample: boolean;
  isActive: boolean;
  /** Its place in the carousel, from 1 (the list's order). */
  position: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/testimonials, POST /:id/move: every testimonial in the carousel's order. */
export interface TestimonialList {
  testimonials: AdminTestimonial[];
  limit: number;
}

/** DELETE /api/admin/testimonials/:id */
export interface TestimonialRemoval {
  id: string;
}

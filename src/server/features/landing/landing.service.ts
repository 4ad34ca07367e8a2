import type { Db } from "../../db/client";
import { listActiveTestimonials, seedTestimonials } from "./landing.queries";

/**
 * Seeded testimonials are illustrative examples, marked as such, until an administrator replaces
 * them with real ones (invented testimonials presented as real are unlawful).
 */
const EXAMPLES = [
  {
    quote:
      "Illustrative example: I finally understood what my lease said about the deposit, and I knew what to write to my landlord.",
    author: "A tenant",
    context: "Housing question",
  },
  {
    quote:
      "Illustrative example: The will template asked the right questions, and the result was ready to take to a notary.",
    author: "A parent of two",
    context: "Estate planning",
  },
  {
    quote:
      "Illustrative example: Seeing two AI answers side by side helped me decide which points to raise with a lawyer.",
    author: "A small-business owner",
    context: "Contract review",
  },
  {
    quote: "Illustrative example: When my situation needed a lawyer, the referral took two minutes.",
    author: "An employee",
    context: "Employment question",
  },
].map((t, i) => ({ ...t, isExample: true, isActive: true, sortOrder: i }));

export function createTestimonialsService(db: Db) {
  return {
    list: () => listActiveTestimonials(db),
    async seedDefaults(): Promise<void> {
      await seedTestimonials(db, EXAMPLES);
    },
  };
}

export type TestimonialsService = ReturnType<typeof createTestimonialsService>;

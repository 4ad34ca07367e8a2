import { BILLING_TEXT } from "@shared/messages";
import { type DemoPayment, demoPaymentSchema } from "@shared/schemas/billing";
import { z } from "zod";

/**
 * What the demo checkout's form is told about a field it left empty, or about a name it cannot
 * take. The other rules (a card number of 12 to 19 digits, MM/YY, a 3- or 4-digit CVC) and their
 * texts are the shared `demoPaymentSchema`'s.
 */
export const DEMO_CARD_TEXT = {
  cardNumberRequired: "Enter your card number.",
  expiryRequired: "Enter the expiry date.",
  cvcRequired: "Enter the CVC.",
  nameInvalid: "Enter the name on the card as text.",
  nameTooLong: "The name on the card can be at most 100 characters.",
  formInvalid: "Enter your card details.",
  /** A well-formed number that is not one of the test cards (a real card is never charged here). */
  testCardsOnly:
    "This test checkout takes its test cards only: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. No real card is ever charged.",
} as const;

/** A field's value is missing: absent or null (a blank one is caught after). */
const missing = (input: unknown) => input === undefined || input === null;

/**
 * A required text field: `required` when it is missing or blank, then the shared rule of the field.
 * A value of another type, or longer than any card's field, is `invalid` (the rule's own text).
 */
function requiredText(required: string, rule: z.ZodType<string, string>, invalid: string) {
  return z
    .string({ error: (issue) => (missing(issue.input) ? required : invalid) })
    .max(40, invalid)
    .refine((value) => value.trim() !== "", { message: required, abort: true })
    .pipe(rule);
}

const { cardNumber, expiry, cvc } = demoPaymentSchema.shape;

/**
 * POST /api/billing/demo/:sessionId/pay: the demo checkout's card form. Every field is checked and
 * answered on its own, so an empty form hears 'Enter your card number.' beside the card number and
 * the same for the expiry date and the CVC, never 'Your card number is invalid.'.
 */
export const demoCardSchema: z.ZodType<DemoPayment, unknown> = z.object(
  {
    cardNumber: requiredText(DEMO_CARD_TEXT.cardNumberRequired, cardNumber, BILLING_TEXT.cardInvalid),
    expiry: requiredText(DEMO_CARD_TEXT.expiryRequired, expiry, BILLING_TEXT.expiryInvalid),
    cvc: requiredText(DEMO_CARD_TEXT.cvcRequired, cvc, BILLING_TEXT.cvcInvalid),
    name: z
      .string({ error: DEMO_CARD_TEXT.nameInvalid })
      .trim()
      .max(100, DEMO_CARD_TEXT.nameTooLong)
      .nullish()
      .transform((value) => value || undefined),
  },
  { error: DEMO_CARD_TEXT.formInvalid },
);

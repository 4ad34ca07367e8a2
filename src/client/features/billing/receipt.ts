import { formatDate } from "@shared/dates";
import { formatPrice, PLANS } from "@shared/plans";
import type { CheckoutOutcome } from "@shared/schemas/billing";
import { formatTemplatePrice, templateOffer } from "@shared/template-offers";

/** How many letters and digits of a checkout's id its receipt number shows. */
const RECEIPT_CHARS = 8;

/**
 * A checkout's short receipt number, for the member to quote: the last eight letters and digits of
 * the checkout's id (Stripe's cs_... or the demo checkout's demo_...), in capitals, in two groups
 * of four ('K3XQ-9ABD'). The same checkout always has the same number.
 */
export function receiptNumber(sessionId: string): string {
  const tail = sessionId
    .replace(/^(cs_(test|live)_|demo_)/, "")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(-RECEIPT_CHARS)
    .toUpperCase();
  return tail.length === RECEIPT_CHARS ? `${tail.slice(0, 4)}-${tail.slice(4)}` : tail;
}

/** One line of a receipt: what it is and its value. */
export type ReceiptLine = readonly [term: string, value: string];

/**
 * The receipt of a completed checkout, as the success page shows it. A plan: the plan, the amount
 * (nothing today during a free trial, then the price from the day it ends), the date and the
 * receipt number. A template bought once: the template, its one-time price, the date and the
 * receipt number (nothing renews).
 */
export function receiptLines(outcome: CheckoutOutcome, sessionId: string, now = new Date()): ReceiptLine[] {
  if (outcome.template) {
    const offer = templateOffer(outcome.template.id);
    return [
      ["Template", outcome.template.name],
      ...(offer ? [["Amount", `${formatTemplatePrice(offer.priceCents)}, one-time payment`] as const] : []),
      ["Date", formatDate(now)],
      ["Receipt number", receiptNumber(sessionId)],
    ];
  }
  if (!outcome.planId) return [["Receipt number", receiptNumber(sessionId)]];
  const plan = PLANS[outcome.planId];
  const price = `${formatPrice(plan.priceCents)} per ${plan.interval}`;
  const subscription = outcome.status.subscription?.planId === outcome.planId ? outcome.status.subscription : null;
  const trialEnd = subscription?.status === "trialing" ? subscription.currentPeriodEnd : null;
  return [
    ["Plan", plan.name],
    ["Amount", trialEnd ? `${formatPrice(0)} today, then ${price} from ${formatDate(trialEnd)}` : price],
    ["Date", formatDate(subscription?.currentPeriodStart ?? now)],
    ["Receipt number", receiptNumber(sessionId)],
  ];
}

import { ApiRequestError, apiFetch } from "@client/lib/api";
import { ERROR_CODES } from "@shared/api-error";
import { BILLING_TEXT } from "@shared/messages";
import type { CheckoutBody, RedirectResult } from "@shared/schemas/billing";

/**
 * Opening a checkout, shared by the features that sell something (the Premium page's plans, the
 * Document Center's templates bought once): the request, where the browser goes, and what a
 * refusal says.
 */

/** A checkout of a plan (`{ planId }`) or of a template bought once (`{ templateId }`): where to pay. */
export const openCheckout = (body: CheckoutBody) => apiFetch<RedirectResult>("/api/billing/checkout", { body });

/** Leave for a checkout or the portal: Stripe's pages are full page loads, ours a navigation. */
export function go(url: string, navigate: (to: string) => void) {
  if (/^https?:\/\//.test(url)) window.location.assign(url);
  else navigate(url);
}

/** The spec's texts for a checkout (of a plan or a template) that could not start. */
export function checkoutError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return BILLING_TEXT.loginToContinue;
    if (error.status === 409) return error.message;
    if (error.code === ERROR_CODES.checkoutFailed) return error.message || BILLING_TEXT.checkoutFailed;
    if (error.status === 0) return BILLING_TEXT.unexpected;
    return error.message || BILLING_TEXT.checkoutFailed;
  }
  if (error instanceof Error && error.message === BILLING_TEXT.noCheckoutUrl) return error.message;
  return BILLING_TEXT.unexpected;
}

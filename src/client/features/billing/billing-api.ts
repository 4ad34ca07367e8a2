import { ApiRequestError, apiFetch } from "@client/lib/api";
import { ERROR_CODES } from "@shared/api-error";
import { BILLING_TEXT } from "@shared/messages";
import type {
  BillingStatus,
  CheckoutBody,
  CheckoutOutcome,
  DemoCheckout,
  DemoPayment,
  RedirectResult,
} from "@shared/schemas/billing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const billingKeys = { status: ["billing", "status"] as const };

export const billingApi = {
  status: () => apiFetch<BillingStatus>("/api/billing/status"),
  /** A checkout of a plan (`{ planId }`) or of a template bought once (`{ templateId }`). */
  checkout: (body: CheckoutBody) => apiFetch<RedirectResult>("/api/billing/checkout", { body }),
  portal: () => apiFetch<RedirectResult>("/api/billing/portal", { body: {} }),
  cancel: () => apiFetch<BillingStatus>("/api/billing/cancel", { body: {} }),
  resume: () => apiFetch<BillingStatus>("/api/billing/resume", { body: {} }),
  sync: (sessionId: string) => apiFetch<CheckoutOutcome>("/api/billing/sync", { body: { sessionId } }),
  demo: (sessionId: string) => apiFetch<DemoCheckout>(`/api/billing/demo/${encodeURIComponent(sessionId)}`),
  demoPay: (sessionId: string, card: DemoPayment) =>
    apiFetch<RedirectResult>(`/api/billing/demo/${encodeURIComponent(sessionId)}/pay`, { body: card }),
};

/** The member's plan and subscription (the profile, the Premium page and the payment banner share it). */
export function useBillingStatus(enabled = true) {
  return useQuery({ queryKey: billingKeys.status, queryFn: billingApi.status, staleTime: 60_000, enabled });
}

/** Cancel at the end of the period, or resume: the answer replaces the status at once. */
export function useSubscriptionChange(kind: "cancel" | "resume") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kind === "cancel" ? billingApi.cancel : billingApi.resume,
    onSuccess: (status) => {
      queryClient.setQueryData(billingKeys.status, status);
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
  });
}

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

import { apiFetch } from "@client/lib/api";
import { openCheckout } from "@client/lib/checkout";
import type {
  BillingStatus,
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
  checkout: openCheckout,
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

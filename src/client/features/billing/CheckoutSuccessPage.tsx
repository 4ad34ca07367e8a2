import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { ApiRequestError } from "@client/lib/api";
import { useSession } from "@client/lib/session";
import { TIMINGS_MS } from "@shared/constants";
import { BILLING_TEXT } from "@shared/messages";
import { PLANS } from "@shared/plans";
import type { CheckoutOutcome } from "@shared/schemas/billing";
import { AlertTriangle, CheckCircle2, Clock } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { billingApi } from "./billing-api";
import { CheckoutLayout, CheckoutLoading } from "./CheckoutLayout";
import { type ReceiptLine, receiptLines, receiptNumber } from "./receipt";

type Result = { kind: "outcome"; outcome: CheckoutOutcome } | { kind: "error"; message: string };

/**
 * Payment success (spec section 2): 'Processing your subscription...' for 2 seconds while the
 * server reads the checkout again (the webhook may not have arrived yet), then what is true:
 * the plan is in force (with its receipt: plan, amount, date and a short receipt number), the
 * payment is still being confirmed, or it did not go through. The checkout's own id is never shown:
 * its short receipt number stands for it.
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const sessionId = params.get("session_id");
  const [waited, setWaited] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), TIMINGS_MS.paymentSuccessSpinner);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (session.isLoading) return;
    if (!sessionId) {
      setResult({ kind: "error", message: BILLING_TEXT.sessionNotFound });
      return;
    }
    if (!session.user) {
      setResult({ kind: "error", message: BILLING_TEXT.loginToContinue });
      return;
    }
    let alive = true;
    billingApi
      .sync(sessionId)
      .then(async (outcome) => {
        if (outcome.state === "complete") await session.refresh();
        if (alive) setResult({ kind: "outcome", outcome });
      })
      .catch((e: unknown) => {
        if (alive)
          setResult({ kind: "error", message: e instanceof ApiRequestError ? e.message : BILLING_TEXT.unexpected });
      });
    return () => {
      alive = false;
    };
  }, [sessionId, session.isLoading, session.user, session.refresh]);

  if (!waited || !result) {
    return (
      <CheckoutLayout>
        <CheckoutLoading text={BILLING_TEXT.processing} />
      </CheckoutLayout>
    );
  }

  const reference = sessionId ? receiptNumber(sessionId) : null;
  let receipt: ReceiptLine[] | null = null;
  let icon = <AlertTriangle className="mx-auto size-12 text-premium-700" aria-hidden />;
  let title = "We could not confirm your subscription";
  let text = result.kind === "error" ? result.message : "";
  if (result.kind === "outcome") {
    const plan = PLANS[result.outcome.planId];
    if (result.outcome.state === "complete") {
      icon = <CheckCircle2 className="mx-auto size-12 text-green-700" aria-hidden />;
      title = "Thank you for subscribing!";
      text = result.outcome.planId === "premium" ? BILLING_TEXT.welcomePremium : BILLING_TEXT.welcomeBasic;
      if (result.outcome.status.subscription?.status === "trialing") {
        text += ` Your free trial has started; you can cancel before it ends and pay nothing.`;
      }
      if (sessionId) receipt = receiptLines(result.outcome, sessionId);
    } else if (result.outcome.state === "pending") {
      icon = <Clock className="mx-auto size-12 text-primary-700" aria-hidden />;
      title = "Your payment is being confirmed";
      text = `We have not heard back from the payment provider yet. ${plan.name} starts as soon as the payment is confirmed; this page and your profile will show it.`;
    } else {
      title = "Your payment did not go through";
      text = `Nothing was charged and you are still on your current plan. You can try again with another card.`;
    }
  }
  return (
    <CheckoutLayout>
      <Card className="space-y-4 p-6 text-center sm:p-8">
        {icon}
        <h1 className="text-2xl font-bold">{title}</h1>
        <p role="status" className="text-slate-700">
          {text}
        </p>
        {receipt ? (
          <Receipt lines={receipt} />
        ) : reference ? (
          <p className="text-sm text-slate-600">
            Reference: <span className="font-semibold text-slate-800 tabular-nums">{reference}</span>
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
          <ButtonLink to="/dashboard/profile" variant="secondary">
            View Profile
          </ButtonLink>
        </div>
        {result.kind === "outcome" && result.outcome.state === "failed" ? (
          <ButtonLink to="/dashboard/premium" variant="ghost">
            Try Again
          </ButtonLink>
        ) : null}
      </Card>
    </CheckoutLayout>
  );
}

/** The receipt of a completed checkout: one line each of plan, amount, date and receipt number. */
function Receipt({ lines }: { lines: readonly ReceiptLine[] }) {
  return (
    <section
      aria-labelledby="receipt-title"
      className="rounded-[var(--radius-control)] border border-slate-200 bg-slate-50 p-4 text-left text-sm"
    >
      <h2 id="receipt-title" className="font-semibold text-slate-900">
        Receipt
      </h2>
      <dl className="mt-2 divide-y divide-slate-200">
        {lines.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2">
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

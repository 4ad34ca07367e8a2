import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { ApiRequestError } from "@client/lib/api";
import { useSession } from "@client/lib/session";
import { TIMINGS_MS } from "@shared/constants";
import { BILLING_TEXT } from "@shared/messages";
import { PLANS } from "@shared/plans";
import type { CheckoutOutcome } from "@shared/schemas/billing";
import { TEMPLATES_PAGE, templateLink } from "@shared/template-offers";
import { AlertTriangle, CheckCircle2, Clock, FileText } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { billingApi } from "./billing-api";
import { CheckoutLayout, CheckoutLoading } from "./CheckoutLayout";
import { type ReceiptLine, receiptLines, receiptNumber } from "./receipt";

type Result = { kind: "outcome"; outcome: CheckoutOutcome } | { kind: "error"; message: string };

interface Shown {
  icon: ReactNode;
  title: string;
  text: string;
  /** The ways on: the first is the primary one. */
  actions: ReadonlyArray<{ to: string; label: string }>;
  /** A quiet third way ('Try Again'). */
  retry: string | null;
}

const warningIcon = <AlertTriangle className="mx-auto size-12 text-premium-700" aria-hidden />;
const doneIcon = <CheckCircle2 className="mx-auto size-12 text-green-700" aria-hidden />;
const pendingIcon = <Clock className="mx-auto size-12 text-primary-700" aria-hidden />;

/**
 * A template bought once: it is the member's (open it), it was theirs already (the payment
 * refunded), it is being confirmed, or it did not go through.
 */
function templateShown(outcome: CheckoutOutcome, template: { id: string; name: string }): Shown {
  if (outcome.state === "complete") {
    return {
      icon: doneIcon,
      title: `${template.name} is yours`,
      text: "Your payment went through. The template stays yours whatever your plan, and nothing renews.",
      actions: [
        { to: templateLink(template.id), label: "Open the template" },
        { to: "/dashboard", label: "Go to Dashboard" },
      ],
      retry: null,
    };
  }
  if (outcome.state === "refunded") {
    return {
      icon: doneIcon,
      title: `${template.name} was already yours`,
      text: "You had bought this template before, so this payment was refunded in full. A refund can take a few days to show on your card.",
      actions: [
        { to: templateLink(template.id), label: "Open the template" },
        { to: "/dashboard", label: "Go to Dashboard" },
      ],
      retry: null,
    };
  }
  if (outcome.state === "pending") {
    return {
      icon: pendingIcon,
      title: "Your payment is being confirmed",
      text: `We have not heard back from the payment provider yet. ${template.name} is yours as soon as the payment is confirmed; its card in the Document Center will show it.`,
      actions: [
        { to: TEMPLATES_PAGE, label: "Go to Document Templates" },
        { to: "/dashboard", label: "Go to Dashboard" },
      ],
      retry: null,
    };
  }
  return {
    icon: warningIcon,
    title: "Your payment did not go through",
    text: "Nothing was charged. You can try again with another card.",
    actions: [
      { to: "/dashboard", label: "Go to Dashboard" },
      { to: TEMPLATES_PAGE, label: "Go to Document Templates" },
    ],
    retry: TEMPLATES_PAGE,
  };
}

/**
 * Payment success (spec section 2): 'Processing your subscription...' for 2 seconds while the
 * server reads the checkout again (the webhook may not have arrived yet), then what is true:
 * the plan is in force (with its receipt: plan, amount, date and a short receipt number), the
 * payment is still being confirmed, or it did not go through. A template bought once says so (it
 * is the member's, with 'Open the template' into the Document Center). The checkout's own id is
 * never shown: its short receipt number stands for it.
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
    const template = result?.kind === "outcome" && result.outcome.template !== null;
    return (
      <CheckoutLayout>
        <CheckoutLoading text={template ? BILLING_TEXT.processingPayment : BILLING_TEXT.processing} />
      </CheckoutLayout>
    );
  }

  const reference = sessionId ? receiptNumber(sessionId) : null;
  const shown = result.kind === "error" ? errorShown(result.message) : outcomeShown(result.outcome);
  const receipt =
    result.kind === "outcome" && result.outcome.state === "complete" && sessionId
      ? receiptLines(result.outcome, sessionId)
      : null;
  return (
    <CheckoutLayout>
      <Card className="space-y-4 p-6 text-center sm:p-8">
        {shown.icon}
        <h1 className="text-2xl font-bold">{shown.title}</h1>
        <p role="status" className="text-slate-700">
          {shown.text}
        </p>
        {receipt ? (
          <Receipt lines={receipt} />
        ) : reference ? (
          <p className="text-sm text-slate-600">
            Reference: <span className="font-semibold text-slate-800 tabular-nums">{reference}</span>
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          {shown.actions.map((action, index) => (
            <ButtonLink
              key={action.to}
              to={action.to}
              variant={index === 0 ? "primary" : "secondary"}
              icon={action.label === "Open the template" ? FileText : undefined}
            >
              {action.label}
            </ButtonLink>
          ))}
        </div>
        {shown.retry ? (
          <ButtonLink to={shown.retry} variant="ghost">
            Try Again
          </ButtonLink>
        ) : null}
      </Card>
    </CheckoutLayout>
  );
}

/** What could not be confirmed at all (no checkout, signed out, the server refused). */
function errorShown(message: string): Shown {
  return {
    icon: warningIcon,
    title: "We could not confirm your subscription",
    text: message,
    actions: PLAN_ACTIONS,
    retry: null,
  };
}

const PLAN_ACTIONS = [
  { to: "/dashboard", label: "Go to Dashboard" },
  { to: "/dashboard/profile", label: "View Profile" },
] as const;

/** How a checkout ended: a template's (see above) or a plan's. */
function outcomeShown(outcome: CheckoutOutcome): Shown {
  if (outcome.template) return templateShown(outcome, outcome.template);
  const plan = outcome.planId ? PLANS[outcome.planId] : null;
  if (outcome.state === "complete") {
    let text = outcome.planId === "basic" ? BILLING_TEXT.welcomeBasic : BILLING_TEXT.welcomePremium;
    if (outcome.status.subscription?.status === "trialing") {
      text += " Your free trial has started; you can cancel before it ends and pay nothing.";
    }
    return { icon: doneIcon, title: "Thank you for subscribing!", text, actions: PLAN_ACTIONS, retry: null };
  }
  if (outcome.state === "pending") {
    return {
      icon: pendingIcon,
      title: "Your payment is being confirmed",
      text: `We have not heard back from the payment provider yet. ${plan?.name ?? "Your plan"} starts as soon as the payment is confirmed; this page and your profile will show it.`,
      actions: PLAN_ACTIONS,
      retry: null,
    };
  }
  return {
    icon: warningIcon,
    title: "Your payment did not go through",
    text: "Nothing was charged and you are still on your current plan. You can try again with another card.",
    actions: PLAN_ACTIONS,
    retry: "/dashboard/premium",
  };
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

import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { Field, Input } from "@client/components/ui/Field";
import { ApiRequestError } from "@client/lib/api";
import { BILLING_TEXT } from "@shared/messages";
import { formatPrice } from "@shared/plans";
import type { CheckoutBody, DemoCheckout } from "@shared/schemas/billing";
import { formatTemplatePrice, TEMPLATES_PAGE, templateLink } from "@shared/template-offers";
import { FlaskConical, Lock, RotateCcw } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { billingApi } from "./billing-api";
import { CheckoutLayout, CheckoutLoading } from "./CheckoutLayout";

type FieldName = "cardNumber" | "expiry" | "cvc" | "name";
type Values = Record<FieldName, string>;
type FieldErrors = Partial<Record<FieldName, string>>;

/** The form's fields, in the order a problem is looked for (the first one named takes the focus). */
const FIELD_ORDER: readonly FieldName[] = ["cardNumber", "expiry", "cvc", "name"];
const EMPTY: Values = { cardNumber: "", expiry: "", cvc: "", name: "" };

/** What the card number field says once its card was declined, until it is changed. */
export const DECLINED_CARD_TEXT = "This card was declined. Enter another card number.";

/**
 * The card's fields the server checks: the card number across the form, expiry and CVC side by
 * side. Placeholders are examples ('e.g. ...'), never something that reads as a value typed in.
 */
const CARD_FIELDS: ReadonlyArray<{
  name: Exclude<FieldName, "name">;
  label: string;
  wide?: boolean;
  inputMode?: "numeric";
  autoComplete: string;
  placeholder: string;
  maxLength: number;
}> = [
  {
    name: "cardNumber",
    label: "Card number",
    wide: true,
    inputMode: "numeric",
    autoComplete: "cc-number",
    placeholder: "e.g. 4242 4242 4242 4242",
    maxLength: 23,
  },
  { name: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "e.g. 12/34", maxLength: 7 },
  { name: "cvc", label: "CVC", inputMode: "numeric", autoComplete: "cc-csc", placeholder: "e.g. 123", maxLength: 4 },
];

/**
 * Why the checkout can no longer be paid: the card was declined (Try Again opens a new checkout of
 * the same plan and keeps the form), it expired, it was already paid, or the server refused it.
 */
type Ended =
  | { kind: "declined"; message: string }
  | { kind: "expired" }
  | { kind: "complete" }
  | { kind: "refused"; message: string };

/**
 * What the page says of what is bought: a plan (a subscription, maybe with a trial, by the month)
 * or a template bought once (a one-time payment: no trial, nothing renews).
 */
interface Purchase {
  heading: string;
  summary: string;
  payLabel: string;
  /** The test card's use, in the test payment notice. */
  testCardUse: string;
  /** Where Cancel leads. */
  cancelTo: string;
  /** What a new checkout of the same thing is opened with (Try Again). */
  body: CheckoutBody;
  /** An ended checkout's way on when it cannot be tried again, and what a paid one says. */
  onward: { to: string; label: string; paid: string };
  /** What a declined payment leaves the member with. */
  declined: string;
}

function purchaseOf(checkout: DemoCheckout): Purchase {
  if (checkout.templateId !== null) {
    const price = formatTemplatePrice(checkout.priceCents);
    return {
      heading: `Buy ${checkout.name}`,
      summary: `${price}, paid once. Nothing renews, and the template stays yours whatever your plan.`,
      payLabel: `Pay ${price}`,
      testCardUse: "to pay",
      cancelTo: TEMPLATES_PAGE,
      body: { templateId: checkout.templateId },
      onward: {
        to: templateLink(checkout.templateId),
        label: "Go to the template",
        paid: "This checkout has already been paid. The template is yours in the Document Center.",
      },
      declined: "Nothing was charged. Try again with another card, or cancel.",
    };
  }
  const price = `${formatPrice(checkout.priceCents)} per month`;
  return {
    heading: `Subscribe to ${checkout.name}`,
    summary:
      checkout.trialDays > 0
        ? `${checkout.trialDays} days free, then ${price}. Cancel before the trial ends and you pay nothing.`
        : price,
    payLabel: checkout.trialDays > 0 ? "Start free trial" : `Pay ${formatPrice(checkout.priceCents)}`,
    testCardUse: "to subscribe",
    cancelTo: "/checkout/cancel",
    body: { planId: checkout.planId ?? "premium" },
    onward: {
      to: "/dashboard/premium",
      label: "Go to the Premium page",
      paid: "This checkout has already been paid. Your plan is on the Premium page.",
    },
    declined: "Nothing was charged. Try again with another card, or cancel to stay on your current plan.",
  };
}

function endedOf(checkout: DemoCheckout): Ended | null {
  if (checkout.state === "declined") return { kind: "declined", message: BILLING_TEXT.cardDeclined };
  if (checkout.state === "expired") return { kind: "expired" };
  if (checkout.state === "complete") return { kind: "complete" };
  return null;
}

/** The field errors of a refusal, for the form's own fields only (anything else is not a field's). */
function fieldErrorsOf(error: ApiRequestError): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of FIELD_ORDER) {
    const message = error.fields?.[name];
    if (message) errors[name] = message;
  }
  return errors;
}

/**
 * /checkout/demo/:sessionId: LawGuide's own checkout when no Stripe account is configured. It is
 * plainly a test payment: no card is charged, and only Stripe's test cards are accepted. Every rule
 * is the server's: the form shows its answer beside the field it concerns and moves the focus there.
 * After a decline, Try Again opens a new checkout of the same plan in place: what was typed stays,
 * and the card number is marked and focused, ready to be replaced.
 */
export function CheckoutDemoPage() {
  const { sessionId = "" } = useParams();
  const navigate = useNavigate();
  const [checkout, setCheckout] = useState<DemoCheckout | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState<Ended | null>(null);
  /** The checkout ended under the member's hands (a payment refused): its way on takes the focus. */
  const [endedNow, setEndedNow] = useState(false);
  const [paying, setPaying] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [focus, setFocus] = useState<{ field: FieldName; select: boolean } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Set by Try Again: what the next checkout's form starts with once it has loaded. */
  const retried = useRef<Ended["kind"] | null>(null);

  useEffect(() => {
    let alive = true;
    billingApi
      .demo(sessionId)
      .then((loaded) => {
        if (!alive) return;
        setCheckout(loaded);
        setLoadError(null);
        setRetrying(false);
        const from = retried.current;
        retried.current = null;
        const stillEnded = endedOf(loaded);
        setEnded(stillEnded);
        setEndedNow(false);
        if (!stillEnded && from) {
          setError(null);
          setFieldErrors(from === "declined" ? { cardNumber: DECLINED_CARD_TEXT } : {});
          setFocus({ field: "cardNumber", select: true });
        }
      })
      .catch((e: unknown) => {
        if (!alive) return;
        setRetrying(false);
        setLoadError(e instanceof Error ? e.message : BILLING_TEXT.unexpected);
      });
    return () => {
      alive = false;
    };
  }, [sessionId]);

  // A field the last answer concerns takes the focus (its text selected after a decline).
  useEffect(() => {
    if (!focus) return;
    const control = formRef.current?.elements.namedItem(focus.field);
    if (control instanceof HTMLInputElement) {
      control.focus();
      if (focus.select) control.select();
    }
  }, [focus]);

  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    setPaying(true);
    try {
      const { url } = await billingApi.demoPay(sessionId, values);
      navigate(url, { replace: true });
    } catch (e) {
      setPaying(false);
      if (!(e instanceof ApiRequestError)) {
        setError(BILLING_TEXT.unexpected);
        return;
      }
      if (e.status === 402 || e.status === 409) {
        setEnded({ kind: e.status === 402 ? "declined" : "refused", message: e.message });
        setEndedNow(true);
        return;
      }
      const errors = fieldErrorsOf(e);
      const first = FIELD_ORDER.find((name) => errors[name]);
      setFieldErrors(errors);
      if (first) setFocus({ field: first, select: false });
      else setError(e.message);
    }
  };

  /** A new checkout of the same plan, shown in place of this one; the form keeps what was typed. */
  const tryAgain = async () => {
    if (!checkout || !ended) return;
    setError(null);
    setRetrying(true);
    try {
      const { url } = await billingApi.checkout(purchaseOf(checkout).body);
      if (/^https?:\/\//.test(url)) {
        window.location.assign(url);
        return;
      }
      retried.current = ended.kind;
      navigate(url, { replace: true });
    } catch (e) {
      setRetrying(false);
      setError(e instanceof ApiRequestError ? e.message : BILLING_TEXT.unexpected);
    }
  };

  if (loadError) {
    return (
      <CheckoutLayout>
        <Card className="space-y-4 p-6">
          <h1 className="text-2xl font-bold">Checkout</h1>
          <Alert tone="danger">{loadError}</Alert>
          <ButtonLink to="/dashboard/premium">Back to plans</ButtonLink>
        </Card>
      </CheckoutLayout>
    );
  }
  if (!checkout) {
    return (
      <CheckoutLayout>
        <CheckoutLoading text="Loading checkout..." />
      </CheckoutLayout>
    );
  }

  const purchase = purchaseOf(checkout);
  return (
    <CheckoutLayout>
      <Alert tone="warning" title="Test payment">
        This copy of LawGuide has no payment provider configured, so this is a demo checkout: no card is charged. Use
        the test card 4242 4242 4242 4242 {purchase.testCardUse}, or 4000 0000 0000 0002 to see a declined payment, with
        any future expiry date and any CVC.
      </Alert>
      <Card className="space-y-5 p-6">
        <div className="space-y-1">
          {checkout.templateId !== null ? (
            <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">One-time payment</p>
          ) : null}
          <h1 className="flex items-start gap-2 text-2xl font-bold">
            <FlaskConical className="mt-1 size-6 shrink-0 text-premium-700" aria-hidden /> {purchase.heading}
          </h1>
          <p className="text-slate-700">{purchase.summary}</p>
        </div>
        {ended ? (
          <EndedPanel
            ended={ended}
            purchase={purchase}
            error={error}
            retrying={retrying}
            onTryAgain={tryAgain}
            takeFocus={endedNow}
          />
        ) : (
          <form ref={formRef} onSubmit={pay} noValidate className="space-y-4">
            {error ? <Alert tone="danger">{error}</Alert> : null}
            <div className="grid grid-cols-2 gap-x-3 gap-y-4">
              {CARD_FIELDS.map(({ name, label, wide, ...input }) => (
                <Field
                  key={name}
                  label={label}
                  required
                  error={fieldErrors[name]}
                  className={wide ? "col-span-2" : undefined}
                >
                  {(p) => (
                    <Input
                      {...p}
                      name={name}
                      value={values[name]}
                      onChange={(event) => change(name, event.target.value)}
                      {...input}
                    />
                  )}
                </Field>
              ))}
            </div>
            <Field label="Name on card" error={fieldErrors.name}>
              {(p) => (
                <Input
                  {...p}
                  name="name"
                  autoComplete="cc-name"
                  maxLength={100}
                  value={values.name}
                  onChange={(event) => change("name", event.target.value)}
                />
              )}
            </Field>
            <Button type="submit" className="w-full" loading={paying} icon={Lock}>
              {purchase.payLabel}
            </Button>
            <ButtonLink to={purchase.cancelTo} variant="ghost" className="w-full">
              Cancel
            </ButtonLink>
          </form>
        )}
      </Card>
    </CheckoutLayout>
  );
}

/**
 * An ended checkout: what happened, and the way on (try again in place, or back to the plans).
 * When it has just ended (`takeFocus`), the way on takes the focus the form's button had.
 */
function EndedPanel({
  ended,
  purchase,
  error,
  retrying,
  onTryAgain,
  takeFocus,
}: {
  ended: Ended;
  purchase: Purchase;
  error: string | null;
  retrying: boolean;
  onTryAgain: () => void;
  takeFocus: boolean;
}) {
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) actions.current?.querySelector<HTMLElement>("button, a")?.focus();
  }, [takeFocus]);
  const canRetry = ended.kind === "declined" || ended.kind === "expired";
  const explanation =
    ended.kind === "declined"
      ? purchase.declined
      : ended.kind === "expired"
        ? "This checkout has expired and nothing was charged. Try again to start a new one."
        : ended.kind === "complete"
          ? purchase.onward.paid
          : null;
  return (
    <div className="space-y-4">
      {ended.kind === "declined" || ended.kind === "refused" ? <Alert tone="danger">{ended.message}</Alert> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {explanation ? <p className="text-slate-700">{explanation}</p> : null}
      <div ref={actions} className="flex flex-col gap-2 sm:flex-row">
        {canRetry ? (
          <>
            <Button onClick={onTryAgain} loading={retrying} icon={RotateCcw}>
              Try Again
            </Button>
            <ButtonLink to={purchase.cancelTo} variant="secondary">
              Cancel
            </ButtonLink>
          </>
        ) : (
          <ButtonLink to={purchase.onward.to}>{purchase.onward.label}</ButtonLink>
        )}
      </div>
    </div>
  );
}

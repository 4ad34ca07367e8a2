import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { Field, Input } from "@client/components/ui/Field";
import { PageShell } from "@client/components/ui/PageShell";
import { FullScreenLoading } from "@client/components/ui/Spinner";
import { ApiRequestError } from "@client/lib/api";
import { BILLING_TEXT } from "@shared/messages";
import { formatPrice } from "@shared/plans";
import type { DemoCheckout } from "@shared/schemas/billing";
import { FlaskConical, Lock } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { billingApi } from "./billing-api";

type Fields = "cardNumber" | "expiry" | "cvc";

/** The card's fields the server checks, the card number across the form, expiry and CVC side by side. */
const CARD_FIELDS: ReadonlyArray<{
  name: Fields;
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
    placeholder: "4242 4242 4242 4242",
    maxLength: 23,
  },
  { name: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "12/34", maxLength: 7 },
  { name: "cvc", label: "CVC", inputMode: "numeric", autoComplete: "cc-csc", placeholder: "123", maxLength: 4 },
];

/**
 * /checkout/demo/:sessionId: LawGuide's own checkout when no Stripe account is configured. It is
 * plainly a test payment: no card is charged, and only Stripe's test cards are accepted.
 */
export function CheckoutDemoPage() {
  const { sessionId = "" } = useParams();
  const navigate = useNavigate();
  const [checkout, setCheckout] = useState<DemoCheckout | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Fields, string>>>({});
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let alive = true;
    billingApi
      .demo(sessionId)
      .then((c) => alive && setCheckout(c))
      .catch((e: unknown) => alive && setLoadError(e instanceof Error ? e.message : BILLING_TEXT.unexpected));
    return () => {
      alive = false;
    };
  }, [sessionId]);

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    setError(null);
    setFieldErrors({});
    setPaying(true);
    try {
      const { url } = await billingApi.demoPay(sessionId, {
        cardNumber: text("cardNumber"),
        expiry: text("expiry"),
        cvc: text("cvc"),
        name: text("name"),
      });
      navigate(url, { replace: true });
    } catch (e) {
      setPaying(false);
      if (e instanceof ApiRequestError) {
        setError(e.message);
        setDeclined(e.status === 402 || e.status === 409);
        if (e.fields) setFieldErrors(e.fields as Partial<Record<Fields, string>>);
      } else {
        setError(BILLING_TEXT.unexpected);
      }
    }
  };

  if (loadError) {
    return (
      <PageShell width="narrow">
        <Card className="w-full max-w-md space-y-4 p-6">
          <h1 className="text-2xl font-bold">Checkout</h1>
          <Alert tone="danger">{loadError}</Alert>
          <ButtonLink to="/dashboard/premium">Back to plans</ButtonLink>
        </Card>
      </PageShell>
    );
  }
  if (!checkout) return <FullScreenLoading text="Loading checkout..." />;

  const price = `${formatPrice(checkout.priceCents)} per month`;
  const ended = checkout.state !== "open" || declined;
  return (
    <PageShell width="narrow">
      <div className="w-full max-w-md space-y-4">
        <Alert tone="warning" title="Test payment">
          This copy of LawGuide has no payment provider configured, so this is a demo checkout: no card is charged. Use
          the test card 4242 4242 4242 4242 to subscribe, or 4000 0000 0000 0002 to see a declined payment, with any
          future expiry date and any CVC.
        </Alert>
        <Card className="space-y-5 p-6">
          <div className="space-y-1">
            <h1 className="flex items-center gap-2 text-2xl font-bold">
              <FlaskConical className="size-6 text-premium-700" aria-hidden /> Subscribe to {checkout.planName}
            </h1>
            <p className="text-slate-700">
              {checkout.trialDays > 0
                ? `${checkout.trialDays} days free, then ${price}. Cancel before the trial ends and you pay nothing.`
                : price}
            </p>
          </div>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          {ended ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <ButtonLink to="/dashboard/premium">Try Again</ButtonLink>
              <ButtonLink to="/checkout/cancel" variant="secondary">
                Cancel
              </ButtonLink>
            </div>
          ) : (
            <form onSubmit={pay} noValidate className="space-y-4">
              <div className="grid grid-cols-2 gap-x-3 gap-y-4">
                {CARD_FIELDS.map(({ name, label, wide, ...input }) => (
                  <Field key={name} label={label} error={fieldErrors[name]} className={wide ? "col-span-2" : undefined}>
                    {(p) => <Input {...p} name={name} {...input} />}
                  </Field>
                ))}
              </div>
              <Field label="Name on card">
                {(p) => <Input {...p} name="name" autoComplete="cc-name" maxLength={100} />}
              </Field>
              <Button type="submit" className="w-full" loading={paying} icon={Lock}>
                {checkout.trialDays > 0 ? "Start free trial" : `Pay ${formatPrice(checkout.priceCents)}`}
              </Button>
              <ButtonLink to="/checkout/cancel" variant="ghost" className="w-full">
                Cancel
              </ButtonLink>
            </form>
          )}
        </Card>
      </div>
    </PageShell>
  );
}

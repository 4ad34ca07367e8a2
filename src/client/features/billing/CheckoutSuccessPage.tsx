import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { FullScreenLoading } from "@client/components/ui/Spinner";
import { TIMINGS_MS, UI_LIMITS } from "@shared/constants";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/** Payment success (spec section 2): a 2-second spinner, then the confirmation. */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const [processing, setProcessing] = useState(true);
  const sessionId = params.get("session_id");
  useEffect(() => {
    const timer = setTimeout(() => setProcessing(false), TIMINGS_MS.paymentSuccessSpinner);
    return () => clearTimeout(timer);
  }, []);
  if (processing) return <FullScreenLoading text="Processing your subscription..." />;
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md space-y-4 p-8 text-center">
        <CheckCircle2 className="mx-auto size-12 text-green-700" aria-hidden />
        <h1 className="text-2xl font-bold">Thank you for subscribing!</h1>
        <p className="text-slate-700">
          Your payment went through. Premium is switched on as soon as the payment is confirmed.
        </p>
        {sessionId ? (
          <p className="text-sm text-slate-600">
            Reference: <span className="font-mono">{sessionId.slice(0, UI_LIMITS.sessionIdChars)}...</span>
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
          <ButtonLink to="/dashboard/profile" variant="secondary">
            View Profile
          </ButtonLink>
        </div>
      </Card>
    </main>
  );
}

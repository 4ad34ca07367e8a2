import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { XCircle } from "lucide-react";
import { CheckoutLayout } from "./CheckoutLayout";

/** Payment cancelled (spec section 2): Try Again (the plans) and Continue with Free Plan (home). */
export function CheckoutCancelPage() {
  return (
    <CheckoutLayout>
      <Card className="space-y-4 p-6 text-center sm:p-8">
        <XCircle className="mx-auto size-12 text-slate-500" aria-hidden />
        <h1 className="text-2xl font-bold">Checkout cancelled</h1>
        <p className="text-slate-700">Nothing was charged. You can subscribe whenever you are ready.</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <ButtonLink to="/dashboard/premium">Try Again</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Continue with Free Plan
          </ButtonLink>
        </div>
      </Card>
    </CheckoutLayout>
  );
}

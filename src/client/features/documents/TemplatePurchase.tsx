import { Button } from "@client/components/ui/Button";
import { useToast } from "@client/components/ui/Toast";
import { ApiRequestError } from "@client/lib/api";
import { checkoutError, go, openCheckout } from "@client/lib/checkout";
import { cn } from "@client/lib/cn";
import { BILLING_TEXT } from "@shared/messages";
import { formatTemplatePrice } from "@shared/template-offers";
import { getTemplate } from "@shared/templates/template-list";
import { Crown, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useRefreshTemplateAccess } from "./documents-api";

/** Where 'Or get every template with Premium' leads. */
const PREMIUM_PAGE = "/dashboard/premium";

/**
 * Buy a template once: the checkout is opened (the demo checkout, or Stripe's page) and the browser
 * goes there, as the Premium page does for a plan. `before` runs just before leaving (to keep the
 * answers typed so far). A refusal is said in a toast; 'already yours' reads the access list again.
 */
export function useBuyTemplate() {
  const navigate = useNavigate();
  const toast = useToast();
  const refreshAccess = useRefreshTemplateAccess();
  const [pending, setPending] = useState<string | null>(null);
  const buy = async (templateId: string, before?: () => void) => {
    setPending(templateId);
    try {
      const { url } = await openCheckout({ templateId });
      if (!url) throw new Error(BILLING_TEXT.noCheckoutUrl);
      before?.();
      go(url, navigate);
    } catch (error) {
      setPending(null);
      toast.error(checkoutError(error));
      if (error instanceof ApiRequestError && error.status === 409) void refreshAccess();
    }
  };
  return { buy, pending };
}

/** The link to the Premium page beside a Buy button. */
export function PremiumLink({ className }: { className?: string }) {
  return (
    <Link
      to={PREMIUM_PAGE}
      className={cn(
        "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-[var(--radius-control)] px-2 text-sm font-semibold text-primary-800 underline-offset-4 hover:underline",
        className,
      )}
    >
      <Crown className="size-4 text-premium-700" aria-hidden />
      Or get every template with Premium
    </Link>
  );
}

/**
 * 'Buy for $69.99' (the primary way on) and, under it, 'Or get every template with Premium'.
 * `before` runs just before the checkout opens.
 */
export function BuyTemplateActions({
  templateId,
  priceCents,
  before,
  layout = "stacked",
}: {
  templateId: string;
  priceCents: number;
  before?: () => void;
  /** stacked: full-width button over the link (a card); inline: side by side where there is room. */
  layout?: "stacked" | "inline";
}) {
  const { buy, pending } = useBuyTemplate();
  const name = getTemplate(templateId)?.name ?? templateId;
  const label = `Buy for ${formatTemplatePrice(priceCents)}`;
  return (
    <div className={layout === "stacked" ? "flex flex-col gap-1" : "flex flex-wrap items-center gap-x-3 gap-y-1"}>
      <Button
        className={layout === "stacked" ? "w-full" : undefined}
        icon={ShoppingCart}
        loading={pending === templateId}
        onClick={() => void buy(templateId, before)}
        aria-label={`${label}: ${name}`}
      >
        {label}
      </Button>
      <PremiumLink className={layout === "stacked" ? "self-center text-center" : undefined} />
    </div>
  );
}

import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { formatDate } from "@shared/dates";
import { formatPrice } from "@shared/plans";
import type { TemplateBought } from "@shared/schemas/billing";
import { templateLink } from "@shared/template-offers";
import { FileText } from "lucide-react";
import { useId } from "react";
import { useBillingStatus } from "./billing-api";

/**
 * The templates a member bought once (Premium page, Profile): each with what was paid, when, and
 * a way to open it. They stay the member's whatever their plan, so this list stays too. Nothing
 * is drawn when there are none.
 */
export function TemplatesBought({ templates }: { templates: readonly TemplateBought[] }) {
  const headingId = useId();
  if (templates.length === 0) return null;
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId} className="space-y-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold">
            Templates you bought
          </h2>
          <p className="text-sm text-slate-600">Yours to use whatever your plan, with no further charge.</p>
        </div>
        <ul className="divide-y divide-slate-200">
          {templates.map((template) => (
            <li key={template.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
              <div>
                <p className="font-semibold text-slate-900">{template.name}</p>
                <p className="text-sm text-slate-600">
                  Bought {formatDate(template.boughtAt)} for {formatPrice(template.amountCents)}
                </p>
              </div>
              <ButtonLink
                to={templateLink(template.id)}
                variant="secondary"
                size="sm"
                icon={FileText}
                aria-label={`Open ${template.name}`}
              >
                Open
              </ButtonLink>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

/** The same list, with the member's billing status fetched (the Profile page has none of its own). */
export function MyTemplatesBought() {
  const billing = useBillingStatus();
  return <TemplatesBought templates={billing.data?.templatesBought ?? []} />;
}

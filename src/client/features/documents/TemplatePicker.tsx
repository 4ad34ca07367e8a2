import { Alert } from "@client/components/ui/Alert";
import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { type Detail, DetailList } from "@client/components/ui/DetailList";
import { Skeleton } from "@client/components/ui/Skeleton";
import { POPULAR_TEMPLATE_IDS, TEMPLATES } from "@shared/templates/template-list";
import type { DocumentTemplate } from "@shared/templates/types";
import { Check, Clock, PencilLine, Star } from "lucide-react";
import { ItemHeading } from "./ItemList";
import { BuyTemplateActions } from "./TemplatePurchase";
import { formatFee, mayUse, reviewFeeCents, standingText, type TemplateStanding, templateIcon } from "./template-info";

/** What the template costs the member, said plainly: included, bought, or its one-time price. */
function CostValue({ standing }: { standing: TemplateStanding }) {
  if (standing.kind === "checking") {
    return (
      <span className="flex items-center">
        <Skeleton className="h-4 w-24" />
        <span className="sr-only">{standingText(standing)}</span>
      </span>
    );
  }
  if (mayUse(standing)) {
    return (
      <span className="flex items-start gap-1 text-green-800">
        <Check className="mt-1 size-3.5 shrink-0" aria-hidden />
        {standingText(standing)}
      </span>
    );
  }
  return (
    <span className={standing.kind === "for-sale" ? "font-semibold" : "text-slate-600"}>{standingText(standing)}</span>
  );
}

/** What a template costs the member and takes, and what an attorney's review of it costs (when offered). */
function templateFacts(template: DocumentTemplate, standing: TemplateStanding, fee: number | null): Detail[] {
  return [
    ["Cost", <CostValue key="cost" standing={standing} />],
    [
      "Time",
      <span key="time" className="flex items-center gap-1">
        <Clock className="size-3.5 text-slate-500" aria-hidden />
        {template.estimatedTime}
      </span>,
    ],
    ["Complexity", template.complexity],
    ...(fee !== null ? [["Attorney review", formatFee(fee)] as const] : []),
  ];
}

/** A card's way on: use the template (or continue its draft), buy it, or wait while it is checked. */
function CardAction({
  template,
  standing,
  hasDraft,
  onPick,
}: {
  template: DocumentTemplate;
  standing: TemplateStanding;
  hasDraft: boolean;
  onPick: (templateId: string) => void;
}) {
  if (standing.kind === "for-sale") {
    return <BuyTemplateActions templateId={template.id} priceCents={standing.priceCents} />;
  }
  const usable = mayUse(standing);
  const label = hasDraft ? "Continue" : "Use this template";
  return (
    <Button
      variant={hasDraft ? "secondary" : "primary"}
      className="w-full"
      onClick={() => onPick(template.id)}
      loading={standing.kind === "checking"}
      disabled={!usable}
      aria-label={`${label}: ${template.name}`}
    >
      {label}
    </Button>
  );
}

/**
 * Step 0: the templates, most popular first, each with what it costs the member (included in
 * their plan, bought, or its one-time price with a Buy button), time, complexity and review fee.
 */
export function TemplatePicker({
  draftTemplateIds,
  standingOf,
  accessFailed = false,
  onRetryAccess,
  onPick,
}: {
  draftTemplateIds: ReadonlySet<string>;
  standingOf: (templateId: string) => TemplateStanding;
  /** The access list could not be read: the templates not every plan includes wait for it. */
  accessFailed?: boolean;
  onRetryAccess?: () => void;
  onPick: (templateId: string) => void;
}) {
  return (
    <div className="space-y-4">
      {accessFailed ? (
        <Alert tone="danger" title="We could not check which templates your plan includes">
          The templates every plan includes can be used now. Check your connection and{" "}
          <button type="button" className="font-semibold underline" onClick={onRetryAccess}>
            try again
          </button>{" "}
          for the others.
        </Alert>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {TEMPLATES.map((template) => {
          const Icon = templateIcon(template);
          const fee = reviewFeeCents(template.id);
          const popular = POPULAR_TEMPLATE_IDS.includes(template.id);
          const hasDraft = draftTemplateIds.has(template.id);
          const standing = standingOf(template.id);
          const titleId = `template-${template.id}-name`;
          return (
            <li key={template.id} className="flex">
              <Card className="flex w-full flex-col p-5">
                <article aria-labelledby={titleId} className="flex flex-1 flex-col gap-3">
                  <ItemHeading icon={Icon} titleId={titleId} title={template.name} large>
                    <div className="flex flex-wrap gap-1.5">
                      {popular ? (
                        <Badge tone="indigo" icon={<Star className="size-3 fill-current" aria-hidden />}>
                          Popular
                        </Badge>
                      ) : null}
                      <Badge tone="slate">{template.category}</Badge>
                      {hasDraft ? (
                        <Badge tone="green" icon={PencilLine}>
                          Draft saved
                        </Badge>
                      ) : null}
                    </div>
                  </ItemHeading>
                  <p className="text-sm text-slate-700">{template.description}</p>
                  <DetailList
                    variant="facts"
                    items={templateFacts(template, standing, fee)}
                    className="mt-auto grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm"
                  />
                  <CardAction template={template} standing={standing} hasDraft={hasDraft} onPick={onPick} />
                </article>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

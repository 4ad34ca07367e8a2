import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { type Detail, DetailList } from "@client/components/ui/DetailList";
import { POPULAR_TEMPLATE_IDS, TEMPLATES } from "@shared/templates/template-list";
import type { DocumentTemplate } from "@shared/templates/types";
import { Clock, PencilLine, Star } from "lucide-react";
import { ItemHeading } from "./ItemList";
import { formatFee, formatPrice, reviewFeeCents, templateIcon } from "./template-info";

/** What a template costs and takes, and what an attorney's review of it costs (when offered). */
function templateFacts(template: DocumentTemplate, fee: number | null): Detail[] {
  return [
    [
      "Price",
      <span key="price" className="font-semibold">
        {formatPrice(template.price)}
      </span>,
    ],
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

/** Step 0: the templates, most popular first, each with its price, time, complexity and review fee. */
export function TemplatePicker({
  draftTemplateIds,
  onPick,
}: {
  draftTemplateIds: ReadonlySet<string>;
  onPick: (templateId: string) => void;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {TEMPLATES.map((template) => {
        const Icon = templateIcon(template);
        const fee = reviewFeeCents(template.id);
        const popular = POPULAR_TEMPLATE_IDS.includes(template.id);
        const hasDraft = draftTemplateIds.has(template.id);
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
                  items={templateFacts(template, fee)}
                  className="mt-auto grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm"
                />
                <Button
                  variant={hasDraft ? "secondary" : "primary"}
                  className="w-full"
                  onClick={() => onPick(template.id)}
                  aria-label={`${hasDraft ? "Continue" : "Use this template"}: ${template.name}`}
                >
                  {hasDraft ? "Continue" : "Use this template"}
                </Button>
              </article>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { POPULAR_TEMPLATE_IDS, TEMPLATES } from "@shared/templates/template-list";
import { Clock, PencilLine, Star } from "lucide-react";
import { formatFee, formatPrice, reviewFeeCents, templateIcon } from "./template-info";

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
                <div className="flex items-start gap-3">
                  <span className="rounded-xl bg-primary-50 p-2.5 text-primary-800">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <div className="min-w-0 flex-1 space-y-1.5">
                    <h3 id={titleId} className="text-lg font-semibold leading-snug text-slate-900">
                      {template.name}
                    </h3>
                    <div className="flex flex-wrap gap-1.5">
                      {popular ? (
                        <Badge tone="indigo">
                          <Star className="size-3 fill-current" aria-hidden />
                          Popular
                        </Badge>
                      ) : null}
                      <Badge tone="slate">{template.category}</Badge>
                      {hasDraft ? (
                        <Badge tone="green">
                          <PencilLine className="size-3" aria-hidden />
                          Draft saved
                        </Badge>
                      ) : null}
                    </div>
                  </div>
                </div>
                <p className="text-sm text-slate-700">{template.description}</p>
                <dl className="mt-auto grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm">
                  <div>
                    <dt className="text-slate-600">Price</dt>
                    <dd className="font-semibold text-slate-900">{formatPrice(template.price)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Time</dt>
                    <dd className="flex items-center gap-1 font-medium text-slate-900">
                      <Clock className="size-3.5 text-slate-500" aria-hidden />
                      {template.estimatedTime}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Complexity</dt>
                    <dd className="font-medium text-slate-900">{template.complexity}</dd>
                  </div>
                  {fee !== null ? (
                    <div>
                      <dt className="text-slate-600">Attorney review</dt>
                      <dd className="font-medium text-slate-900">{formatFee(fee)}</dd>
                    </div>
                  ) : null}
                </dl>
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

import { Badge } from "@client/components/ui/Badge";
import { Card } from "@client/components/ui/Card";
import { type Detail, DetailList } from "@client/components/ui/DetailList";
import { ActionButtons } from "@client/features/admin/components/ActionButtons";
import {
  AI_PROVIDER_LABELS,
  type AiModelConfig,
  MODEL_TIER_LABELS,
  type ModelTier,
} from "@shared/schemas/admin-ai-models";
import { Pencil, Trash2 } from "lucide-react";

/** One model configuration: what it is, whom it serves, its limits, and Edit and Delete. */
export function ModelCard({
  model,
  answersFirst,
  overriddenBy,
  onEdit,
  onDelete,
}: {
  model: AiModelConfig;
  /** The plans whose members this model answers first. */
  answersFirst: ModelTier[];
  /** The model id the server's configuration uses instead of this one's, if any. */
  overriddenBy: string | null;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = `model-${model.id}`;
  const facts: Detail[] = [
    ["Max tokens", model.maxTokens.toLocaleString("en-US")],
    ["Temperature", model.temperature.toFixed(1)],
    ["Cost per token", `$${model.costPerToken.toLocaleString("en-US", { maximumFractionDigits: 10 })}`],
    ["Priority", String(model.priority)],
  ];
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h3 id={headingId} className="text-base font-semibold text-slate-900">
              {model.name}
            </h3>
            <p className="break-all font-mono text-sm text-slate-700">
              {model.model}
              {overriddenBy ? (
                <span className="ml-1 font-sans text-slate-600">(the server uses {overriddenBy})</span>
              ) : null}
            </p>
          </div>
          <ActionButtons
            actions={[
              { text: "Edit", name: `Edit ${model.name}`, Icon: Pencil, onClick: onEdit },
              { text: "Delete", name: `Delete ${model.name}`, Icon: Trash2, onClick: onDelete, variant: "ghost" },
            ]}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone="indigo">{AI_PROVIDER_LABELS[model.provider]}</Badge>
          {model.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="gray">Inactive</Badge>}
          {model.userTiers.map((tier) => (
            <Badge key={tier} tone={tier === "premium" ? "amber" : "slate"}>
              {MODEL_TIER_LABELS[tier]}
            </Badge>
          ))}
          {answersFirst.map((tier) => (
            <Badge key={`first-${tier}`} tone="indigo">
              Answers {MODEL_TIER_LABELS[tier]} first
            </Badge>
          ))}
        </div>
        {model.description ? <p className="text-sm text-slate-700">{model.description}</p> : null}
        <DetailList variant="facts" items={facts} className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4" />
      </article>
    </Card>
  );
}

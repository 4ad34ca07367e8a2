import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { controlClasses, Field, Input } from "@client/components/ui/Field";
import { Switch } from "@client/components/ui/Switch";
import { useToast } from "@client/components/ui/Toast";
import { failureText } from "@client/features/admin/admin-api";
import { ApiRequestError } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import {
  AI_MODEL_LIMITS,
  AI_PROVIDER_LABELS,
  type AiModelConfig,
  type AiModelSettingsPatch,
  type AiModelsOverview,
  aiModelSettingsPatchSchema,
  MODEL_TIER_LABELS,
  MODEL_TIERS,
} from "@shared/schemas/admin-ai-models";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useModelSettings } from "./ai-models-api";

const label = (model: AiModelConfig | undefined) =>
  model ? `${model.name} (${AI_PROVIDER_LABELS[model.provider]})` : "No model";

/**
 * The model settings (spec section 3 'Model settings'): the default model, the preview token
 * limit and the comparison switch, and which models answer each plan, in order. They are the
 * same values as the AI tab of Settings, so a change here shows there too.
 */
export function ModelSettingsPanel({ data }: { data: AiModelsOverview }) {
  const { settings, models } = data;
  const byId = new Map(models.map((m) => [m.id, m]));
  const save = useModelSettings();
  const toast = useToast();
  const formId = useId();
  const [defaultModel, setDefaultModel] = useState(settings.defaultModel ?? "");
  const [limit, setLimit] = useState(String(settings.previewTokenLimit));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);

  // What the server says is in force replaces what was typed once it has been saved.
  useEffect(() => {
    setDefaultModel(settings.defaultModel ?? "");
    setLimit(String(settings.previewTokenLimit));
  }, [settings.defaultModel, settings.previewTokenLimit]);

  const patch: AiModelSettingsPatch = {};
  if (defaultModel && defaultModel !== settings.defaultModel) patch.defaultModelId = defaultModel;
  if (limit.trim() !== String(settings.previewTokenLimit))
    patch.previewTokenLimit = limit.trim() === "" ? Number.NaN : Number(limit);
  const changed = Object.keys(patch).length > 0;

  function refused(error: unknown) {
    setFormError(failureText(error, "The model settings could not be saved. Please try again."));
    if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = aiModelSettingsPatchSchema.safeParse(patch);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[String(issue.path[0] ?? "_")] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => toast.success("Model settings saved. They apply to the next answer."),
      onError: refused,
    });
  }

  function toggleComparison(on: boolean) {
    setSwitching(true);
    save.mutate(
      { comparisonEnabled: on },
      {
        onSuccess: () => toast.success(on ? "Comparison is on for members." : "Comparison is off for everyone."),
        onError: (error) =>
          toast.error(failureText(error, "The comparison setting could not be saved. Please try again.")),
        onSettled: () => setSwitching(false),
      },
    );
  }

  const candidates = settings.answerOrder.premium.map((id) => byId.get(id)).filter((m) => m !== undefined);
  const freeFirst = byId.get(settings.answerOrder.free[0] ?? "");

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">Model settings</h2>
      <p className="mt-1 text-sm text-slate-600">
        The same settings as the AI tab of Settings. Changes apply to the next answer.
      </p>
      <form id={formId} onSubmit={submit} noValidate className="mt-4 space-y-4">
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label="Default model"
            help={`Answers Premium members first. Free members start with ${label(freeFirst)}.`}
            error={errors.defaultModelId}
          >
            {(p) => (
              <select
                {...p}
                className={cn(controlClasses, "h-11 pr-8")}
                value={defaultModel}
                onChange={(e) => {
                  setDefaultModel(e.target.value);
                  setErrors(({ defaultModelId: _d, ...rest }) => rest);
                }}
              >
                {candidates.length === 0 ? <option value="">No model answers Premium members</option> : null}
                {candidates.map((model) => (
                  <option key={model.id} value={model.id}>
                    {label(model)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Preview token limit"
            help={`The length of Free members' comparison previews, ${AI_MODEL_LIMITS.previewTokenLimit.min} to ${AI_MODEL_LIMITS.previewTokenLimit.max} tokens.`}
            error={errors.previewTokenLimit}
          >
            {(p) => (
              <Input
                {...p}
                type="number"
                inputMode="numeric"
                min={AI_MODEL_LIMITS.previewTokenLimit.min}
                max={AI_MODEL_LIMITS.previewTokenLimit.max}
                step={1}
                value={limit}
                onChange={(e) => {
                  setLimit(e.target.value);
                  setErrors(({ previewTokenLimit: _p, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={!changed} loading={save.isPending && !switching}>
            {save.isPending && !switching ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </form>
      <div className="mt-2 border-t border-slate-200">
        <Switch
          label="Multi-AI comparison"
          description="When off, nobody is offered the side-by-side comparison: every question gets one answer."
          checked={settings.comparisonEnabled}
          disabled={save.isPending}
          onCheckedChange={toggleComparison}
        />
      </div>
      <div className="grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2">
        {MODEL_TIERS.map((tier) => {
          const order = settings.answerOrder[tier].map((id) => byId.get(id)).filter((m) => m !== undefined);
          const serving = (tier === "free" ? settings.freeUserModels : settings.premiumUserModels).length;
          return (
            <div key={tier}>
              <h3 className="text-sm font-semibold text-slate-800">
                {MODEL_TIER_LABELS[tier]} members are answered by
              </h3>
              {order.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600">No active model: the offline assistant answers.</p>
              ) : (
                <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm text-slate-700">
                  {order.map((model) => (
                    <li key={model.id}>
                      {model.name} <span className="text-slate-600">· {AI_PROVIDER_LABELS[model.provider]}</span>
                    </li>
                  ))}
                </ol>
              )}
              <p className="mt-1 text-xs text-slate-600">
                {serving} active {serving === 1 ? "model serves" : "models serve"} this plan; each provider's lowest
                priority number answers.
              </p>
            </div>
          );
        })}
      </div>
    </Card>
  );
}

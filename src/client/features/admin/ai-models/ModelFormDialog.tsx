import { Checkbox, FieldMessages, RequiredMark } from "@client/components/ui/Field";
import { FormDialog, type OpenState } from "@client/components/ui/FormDialog";
import { SelectField } from "@client/components/ui/SelectField";
import { failureText } from "@client/features/admin/admin-api";
import { InputField, NumberField, TextareaField } from "@client/features/admin/components/InputField";
import { useFormFields } from "@client/features/admin/components/use-form-fields";
import { ApiRequestError } from "@client/lib/api";
import {
  AI_MODEL_DEFAULTS,
  AI_MODEL_LIMITS,
  AI_PROVIDER_LABELS,
  AI_PROVIDERS,
  type AiModelConfig,
  type AiProviderId,
  type CreateAiModel,
  createAiModelSchema,
  MODEL_TIER_LABELS,
  MODEL_TIERS,
  type ModelTier,
  type UpdateAiModel,
  updateAiModelSchema,
} from "@shared/schemas/admin-ai-models";
import { type FormEvent, useId, useState } from "react";
import { useCreateModel, useUpdateModel } from "./ai-models-api";

interface Values {
  name: string;
  provider: AiProviderId;
  model: string;
  isActive: boolean;
  userTiers: ModelTier[];
  maxTokens: string;
  temperature: string;
  description: string;
  costPerToken: string;
  priority: string;
}

const valuesOf = (model: AiModelConfig | null): Values => ({
  name: model?.name ?? "",
  provider: model?.provider ?? "openai",
  model: model?.model ?? "",
  isActive: model?.isActive ?? AI_MODEL_DEFAULTS.isActive,
  userTiers: model?.userTiers ?? [...AI_MODEL_DEFAULTS.userTiers],
  maxTokens: String(model?.maxTokens ?? AI_MODEL_DEFAULTS.maxTokens),
  temperature: String(model?.temperature ?? AI_MODEL_DEFAULTS.temperature),
  description: model?.description ?? AI_MODEL_DEFAULTS.description,
  costPerToken: String(model?.costPerToken ?? AI_MODEL_DEFAULTS.costPerToken),
  priority: String(model?.priority ?? AI_MODEL_DEFAULTS.priority),
});

/** The number fields' bounds (their rules'), and their steps: whole numbers, tenths, or any amount. */
const NUMBER_LIMITS = {
  maxTokens: { ...AI_MODEL_LIMITS.maxTokens, step: 1 },
  temperature: AI_MODEL_LIMITS.temperature,
  costPerToken: { min: AI_MODEL_LIMITS.costPerToken.min, step: "any" },
  priority: { ...AI_MODEL_LIMITS.priority, step: 1 },
} as const;

/** A number input's text as the API takes it ("" is not a number, so its rule's message shows). */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

function bodyOf(values: Values): Required<CreateAiModel> {
  return {
    name: values.name,
    provider: values.provider,
    model: values.model,
    isActive: values.isActive,
    userTiers: values.userTiers,
    maxTokens: numberOf(values.maxTokens),
    temperature: numberOf(values.temperature),
    description: values.description,
    costPerToken: numberOf(values.costPerToken),
    priority: numberOf(values.priority),
  };
}

/** The first message per field of a refused body. */
function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "_");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * 'Add Model' (no `model`) and 'Edit Model': every field of an AI model configuration, checked
 * with the server's own rules before sending; the server's refusals show by their field and at
 * the top, read out at once. The list changes only once the server has saved.
 */
export function ModelFormDialog({
  model,
  onSaved,
  ...dialog
}: OpenState & {
  model: AiModelConfig | null;
  onSaved: (saved: AiModelConfig, created: boolean) => void;
}) {
  const editing = model !== null;
  const { values, fieldErrors, setFieldErrors, set, field, formRef, focusFirstError } = useFormFields<Values>(() =>
    valuesOf(model),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateModel();
  const update = useUpdateModel();
  const tiersId = useId();

  function refused(error: unknown, fallback: string) {
    setFormError(failureText(error, fallback));
    if (error instanceof ApiRequestError && error.fields) {
      // The server names nested fields by their path ("userTiers.0"): shown by the field itself.
      setFieldErrors(
        fieldErrorsOf(Object.entries(error.fields).map(([path, message]) => ({ path: path.split("."), message }))),
      );
    }
    focusFirstError();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = bodyOf(values);
    if (!model) {
      const checked = createAiModelSchema.safeParse(body);
      if (!checked.success) {
        setFieldErrors(fieldErrorsOf(checked.error.issues));
        focusFirstError();
        return;
      }
      create.mutate(body, {
        onSuccess: (saved) => onSaved(saved, true),
        onError: (error) => refused(error, "The model could not be added. Please try again."),
      });
      return;
    }
    // Only what changed is sent.
    const patch: UpdateAiModel = {};
    const current = bodyOf(valuesOf(model));
    for (const key of Object.keys(body) as Array<keyof typeof body>) {
      if (JSON.stringify(body[key]) !== JSON.stringify(current[key]))
        (patch as Record<string, unknown>)[key] = body[key];
    }
    if (Object.keys(patch).length === 0) {
      dialog.onOpenChange(false);
      return;
    }
    const checked = updateAiModelSchema.safeParse(patch);
    if (!checked.success) {
      setFieldErrors(fieldErrorsOf(checked.error.issues));
      focusFirstError();
      return;
    }
    update.mutate(
      { id: model.id, body: patch },
      {
        onSuccess: (saved) => onSaved(saved, false),
        onError: (error) => refused(error, "The model could not be saved. Please try again."),
      },
    );
  }

  const pending = create.isPending || update.isPending;
  const tiersError = fieldErrors.userTiers;
  const number = (key: keyof typeof NUMBER_LIMITS, label: string, help: string) => (
    <NumberField label={label} help={help} required {...NUMBER_LIMITS[key]} {...field(key)} />
  );

  return (
    <FormDialog
      {...dialog}
      title={editing ? "Edit Model" : "Add Model"}
      description={
        editing
          ? `Changes to ${model.name} apply to the next answer.`
          : "A new model answers the plans you choose from the next question on."
      }
      submitLabel={editing ? "Save Changes" : "Add Model"}
      onSubmit={submit}
      pending={pending}
      error={formError}
      formRef={formRef}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Name" required maxLength={AI_MODEL_LIMITS.name} autoComplete="off" {...field("name")} />
        <SelectField
          label="Provider"
          error={fieldErrors.provider}
          required
          value={values.provider}
          onChange={(provider) => set("provider")(provider as AiProviderId)}
          options={AI_PROVIDERS.map((provider) => [provider, AI_PROVIDER_LABELS[provider]])}
        />
      </div>
      <InputField
        label="Model id"
        help="The provider's name for the model, for example gpt-5-mini or claude-sonnet-5-5."
        required
        maxLength={AI_MODEL_LIMITS.model}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputClassName="font-mono"
        {...field("model")}
      />
      <fieldset aria-describedby={`${tiersId}-help${tiersError ? ` ${tiersId}-error` : ""}`} className="space-y-2">
        <legend className="text-sm font-semibold text-slate-800">
          Plans
          <RequiredMark />
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {MODEL_TIERS.map((tier) => (
            <Checkbox
              key={tier}
              label={MODEL_TIER_LABELS[tier]}
              checked={values.userTiers.includes(tier)}
              {...(tiersError ? { "aria-invalid": true } : {})}
              onChange={(e) =>
                set("userTiers")(
                  MODEL_TIERS.filter((t) => (t === tier ? e.target.checked : values.userTiers.includes(t))),
                )
              }
            />
          ))}
        </div>
        <FieldMessages
          helpId={`${tiersId}-help`}
          errorId={tiersError ? `${tiersId}-error` : undefined}
          help="Members of these plans may be answered by this model."
          error={tiersError}
        />
      </fieldset>
      <Checkbox
        label="Active"
        description="Only active models answer members."
        checked={values.isActive}
        onChange={(e) => set("isActive")(e.target.checked)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {number(
          "maxTokens",
          "Max tokens",
          `The longest answer, ${AI_MODEL_LIMITS.maxTokens.min} to ${AI_MODEL_LIMITS.maxTokens.max.toLocaleString("en-US")} tokens.`,
        )}
        {number(
          "temperature",
          "Temperature",
          "0 to 2 in steps of 0.1; lower is more focused. Anthropic uses at most 1; GPT-5 and o-series models use their own.",
        )}
        {number("costPerToken", "Cost per token", "In US dollars, for your own cost estimates.")}
        {number("priority", "Priority", "Among one provider's models for a plan, the lowest number answers.")}
      </div>
      <TextareaField label="Description" rows={3} maxLength={AI_MODEL_LIMITS.description} {...field("description")} />
    </FormDialog>
  );
}

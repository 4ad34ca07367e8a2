import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { EmptyState } from "@client/components/ui/EmptyState";
import { LoadError } from "@client/components/ui/LoadError";
import { SkeletonCards } from "@client/components/ui/PagedList";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { failureText } from "@client/features/admin/admin-api";
import { type DialogFor, useDialogFor } from "@client/features/admin/components/use-dialog-for";
import {
  AI_PROVIDER_LABELS,
  AI_PROVIDERS,
  type AiModelConfig,
  type AiModelsOverview,
  MODEL_TIERS,
} from "@shared/schemas/admin-ai-models";
import { Bot, Plus } from "lucide-react";
import { useState } from "react";
import { useAiModels, useDeleteModel } from "./ai-models-api";
import { Leaderboard } from "./Leaderboard";
import { ModelCard } from "./ModelCard";
import { ModelFormDialog } from "./ModelFormDialog";
import { ModelSettingsPanel } from "./ModelSettingsPanel";

/**
 * Admin section 'AI Models' (spec section 2): the model settings, the model configurations with
 * Add, Edit and Delete, and beside them the comparison leaderboard. Every change is made by the
 * server and shown once it has confirmed it.
 */
export function AiModelsSection() {
  const overview = useAiModels();
  // Add (null) or Edit (a model).
  const form = useDialogFor<AiModelConfig>();
  const confirm = useDialogFor<AiModelConfig>();
  const toast = useToast();

  return (
    <>
      <PageHeader
        title="AI Models"
        description="Choose which OpenAI and Anthropic models answer Free and Premium members, with their token limits and temperatures."
        actions={
          <Button
            icon={<Plus className="size-5" aria-hidden />}
            onClick={() => form.show(null)}
            disabled={!overview.data}
          >
            Add Model
          </Button>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {overview.isPending ? (
            <Loading />
          ) : overview.isError ? (
            <LoadError title="The AI models could not be loaded" onRetry={overview.refetch} />
          ) : (
            <>
              <ProviderNotes data={overview.data} />
              <ModelSettingsPanel data={overview.data} />
              <ModelList data={overview.data} form={form} confirm={confirm} />
            </>
          )}
        </div>
        <div className="min-w-0">
          <Leaderboard />
        </div>
      </div>

      {form.render((model, state) => (
        <ModelFormDialog
          {...state}
          model={model}
          onSaved={(saved, created) => {
            form.close();
            toast.success(created ? `${saved.name} was added.` : `${saved.name} was saved.`);
          }}
        />
      ))}
      {confirm.render((model, state) =>
        model ? (
          <DeleteModelDialog
            {...state}
            model={model}
            onDeleted={() => {
              confirm.close();
              toast.success(`${model.name} was deleted.`);
            }}
          />
        ) : null,
      )}
    </>
  );
}

function Loading() {
  return (
    <div className="space-y-6">
      <p role="status" className="sr-only">
        Loading the AI models…
      </p>
      <Card aria-hidden className="space-y-4 p-5">
        <Skeleton className="h-6 w-40" />
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
        <Skeleton className="h-7 w-full" />
      </Card>
      <SkeletonCards bars={["h-5 w-1/3", "h-4 w-1/2", "h-4 w-full"]} />
    </div>
  );
}

/** What the server's configuration decides over the list: a provider without a key, a fixed model id. */
function ProviderNotes({ data }: { data: AiModelsOverview }) {
  const notes = AI_PROVIDERS.flatMap((provider) => {
    const status = data.providers[provider];
    const name = AI_PROVIDER_LABELS[provider];
    const out: string[] = [];
    if (!status.configured)
      out.push(
        `No ${name} API key is set on the server: LawGuide's offline assistant answers in place of ${name}'s models.`,
      );
    if (status.modelOverride)
      out.push(
        `The server's configuration fixes ${name}'s model id to ${status.modelOverride}: it is used in place of the model ids below.`,
      );
    return out;
  });
  if (notes.length === 0) return null;
  return (
    <Alert tone="warning" title="Set on the server">
      <ul className="list-disc space-y-1 pl-5">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** The model configurations, each opening the form (`form`) or the delete confirmation (`confirm`). */
function ModelList({
  data,
  form,
  confirm,
}: {
  data: AiModelsOverview;
  form: DialogFor<AiModelConfig>;
  confirm: DialogFor<AiModelConfig>;
}) {
  return (
    <section aria-labelledby="ai-model-list" className="space-y-3">
      <h2 id="ai-model-list" className="text-lg font-semibold text-slate-900">
        Models <span className="font-normal text-slate-600">({data.models.length})</span>
      </h2>
      {data.models.length === 0 ? (
        <EmptyState
          icon={<Bot className="size-6" aria-hidden />}
          title="No AI models yet"
          action={
            <Button icon={<Plus className="size-5" aria-hidden />} onClick={() => form.show(null)}>
              Add Model
            </Button>
          }
        >
          Until a model is added, LawGuide's offline assistant answers every question.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {data.models.map((model) => (
            <li key={model.id}>
              <ModelCard
                model={model}
                answersFirst={MODEL_TIERS.filter((tier) => data.settings.answerOrder[tier][0] === model.id)}
                overriddenBy={data.providers[model.provider].modelOverride}
                onEdit={() => form.show(model)}
                onDelete={() => confirm.show(model)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeleteModelDialog({
  open,
  onOpenChange,
  model,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  model: AiModelConfig;
  onDeleted: () => void;
}) {
  const remove = useDeleteModel();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title="Delete this model?"
      confirmLabel="Delete Model"
      pending={remove.isPending}
      onConfirm={() => {
        setError(null);
        remove.mutate(model.id, {
          onSuccess: onDeleted,
          onError: (e) => setError(failureText(e, "The model could not be deleted. Please try again.")),
        });
      }}
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <p>
        <strong className="font-semibold text-slate-900">{model.name}</strong> ({AI_PROVIDER_LABELS[model.provider]}{" "}
        <span className="font-mono">{model.model}</span>) is removed. From the next question, members are answered by
        the remaining models. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { type TabItem, Tabs } from "@client/components/ui/Tabs";
import { useToast } from "@client/components/ui/Toast";
import { ApiRequestError } from "@client/lib/api";
import { refreshPublicSettings } from "@client/lib/public-settings";
import { UI_LIMITS } from "@shared/constants";
import { ADMIN_TEXT } from "@shared/messages";
import type { SettingsSection as Section, SystemSettings } from "@shared/schemas/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { SettingInput } from "./SettingInput";
import { settingsApi, settingsKey } from "./settings-api";
import {
  ALL_FIELDS,
  changesOf,
  type Draft,
  draftErrors,
  formFields,
  hasChanges,
  SETTINGS_TABS,
  toDraft,
} from "./settings-form";

const DESCRIPTION =
  "How LawGuide runs: in force for everyone as soon as you save. A setting marked 'Not in effect yet' is kept but changes nothing until its feature is built.";

/** The skeleton's rows while the settings load (spec section 9: 4 in settings). */
const SKELETON_ROWS = Array.from({ length: UI_LIMITS.settingsSkeletonRows }, (_, i) => `row-${i + 1}`);

/** Admin section 'Settings': the system settings in five tabs (spec sections 2, 3 and 5). */
export function SettingsSection() {
  // Read afresh on every visit: the AI Models section changes some of the same settings.
  const query = useQuery({ queryKey: settingsKey, queryFn: settingsApi.get, staleTime: 0, gcTime: 0 });
  if (query.isPending || query.isError) {
    return (
      <>
        <PageHeader title="Settings" description={DESCRIPTION} />
        {query.isError ? (
          <Alert tone="danger" title="The settings could not be loaded.">
            <p>Check your connection, then try again.</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <div className="space-y-4" aria-busy="true">
            <p role="status" className="sr-only">
              Loading settings
            </p>
            {SKELETON_ROWS.map((row) => (
              <Skeleton key={row} className="h-16 w-full" />
            ))}
          </div>
        )}
      </>
    );
  }
  return <SettingsForm loaded={query.data.settings} />;
}

function SettingsForm({ loaded }: { loaded: SystemSettings }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  /** The settings the draft was made from: what a save changes. */
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState<Draft>(() => toDraft(loaded));
  const [tab, setTab] = useState<Section>("general");
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [triedToSave, setTriedToSave] = useState(false);
  const focusAfterRender = useRef<string | null>(null);

  const change = useMemo(() => changesOf(base, draft), [base, draft]);
  const dirty = hasChanges(change);
  const errors = useMemo(() => ({ ...draftErrors(draft), ...serverErrors }), [draft, serverErrors]);

  const save = useMutation({
    mutationFn: settingsApi.save,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(settingsKey, { settings });
      setBase(settings);
      setDraft(toDraft(settings));
      setServerErrors({});
      setTriedToSave(false);
      toast.success(ADMIN_TEXT.settingsSaved);
      // The site's name, limits and maintenance banner in this tab follow at once.
      void refreshPublicSettings().catch(() => {});
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.fields) {
        setServerErrors(error.fields);
        showFirstError(error.fields);
      }
      toast.error(ADMIN_TEXT.saveSettingsFailed);
    },
  });

  // A page left with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // Focus the first refused field once its tab is shown.
  useEffect(() => {
    const path = focusAfterRender.current;
    if (!path) return;
    focusAfterRender.current = null;
    document.querySelector<HTMLElement>(`[data-setting="${path}"] [id$="-input"]`)?.focus();
  });

  function showFirstError(found: Record<string, string>) {
    const first = ALL_FIELDS.find((field) => found[field.path]);
    if (!first) return;
    setTab(first.section);
    focusAfterRender.current = first.path;
  }

  function edit(section: Section, key: string, value: string | boolean) {
    setDraft((current) => ({ ...current, [section]: { ...current[section], [key]: value } }));
    const path = `${section}.${key}`;
    if (serverErrors[path]) {
      setServerErrors((current) => {
        const { [path]: _, ...rest } = current;
        return rest;
      });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    setTriedToSave(true);
    if (Object.keys(errors).length > 0) {
      showFirstError(errors);
      return;
    }
    save.mutate(change);
  }

  const errorCount = Object.keys(errors).length;
  const items: TabItem<Section>[] = SETTINGS_TABS.map(({ value, label }) => {
    const fields = formFields(value);
    const tabErrors = fields.filter((f) => errors[f.path]).length;
    const tabChanged = Boolean(change[value]);
    return {
      value,
      label,
      aside:
        tabErrors > 0 ? (
          <span className="inline-flex items-center">
            <span aria-hidden className="size-2 rounded-full bg-red-700" />
            <span className="sr-only">(needs fixing)</span>
          </span>
        ) : tabChanged ? (
          <span className="inline-flex items-center">
            <span aria-hidden className="size-2 rounded-full bg-premium-500" />
            <span className="sr-only">(changed)</span>
          </span>
        ) : null,
      panel: <SettingsPanel fields={fields} draft={draft} errors={errors} onEdit={edit} />,
    };
  });

  return (
    <form onSubmit={submit} noValidate aria-label="System settings">
      <PageHeader title="Settings" description={DESCRIPTION} />
      <div className="sticky top-16 z-10 -mx-4 mb-5 flex flex-wrap items-center justify-between gap-3 border-y border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur-sm sm:-mx-6 sm:px-6">
        <div className="min-w-0 flex-1">
          {dirty ? (
            <Alert tone="warning" className="py-2">
              You have unsaved changes
            </Alert>
          ) : (
            <p className="text-sm text-slate-600">Every change is in force as soon as it is saved.</p>
          )}
        </div>
        <Button type="submit" disabled={!dirty || save.isPending} icon={<Save className="size-4" aria-hidden />}>
          {save.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
      {triedToSave && errorCount > 0 ? (
        <Alert tone="danger" className="mb-5">
          {errorCount === 1 ? "One setting needs fixing" : `${errorCount} settings need fixing`} before the changes can
          be saved: see the fields marked in red.
        </Alert>
      ) : null}
      <Tabs
        label="Settings sections"
        items={items}
        value={tab}
        onChange={setTab}
        listClassName="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
      />
    </form>
  );
}

function SettingsPanel({
  fields,
  draft,
  errors,
  onEdit,
}: {
  fields: ReturnType<typeof formFields>;
  draft: Draft;
  errors: Record<string, string>;
  onEdit: (section: Section, key: string, value: string | boolean) => void;
}) {
  const inputs = fields.filter((f) => f.kind !== "switch");
  const switches = fields.filter((f) => f.kind === "switch");
  const input = (field: (typeof fields)[number]) => (
    <SettingInput
      key={field.path}
      field={field}
      value={draft[field.section][field.key]}
      error={errors[field.path]}
      onChange={(value) => onEdit(field.section, field.key, value)}
    />
  );
  return (
    <Card className="p-4 sm:p-6">
      {inputs.length > 0 ? <div className="grid gap-x-6 gap-y-5 md:grid-cols-2">{inputs.map(input)}</div> : null}
      {switches.length > 0 ? (
        <div
          className={
            inputs.length > 0 ? "mt-6 divide-y divide-slate-200 border-t border-slate-200" : "divide-y divide-slate-200"
          }
        >
          {switches.map(input)}
        </div>
      ) : null}
    </Card>
  );
}

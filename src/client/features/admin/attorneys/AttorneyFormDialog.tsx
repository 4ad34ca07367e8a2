import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { Checkbox, controlClasses, Field, Input, Textarea } from "@client/components/ui/Field";
import { useToast } from "@client/components/ui/Toast";
import { ApiRequestError } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import {
  type AdminAttorney,
  ATTORNEY_AVAILABILITY,
  ATTORNEY_LIMITS,
  type AttorneyAvailability,
  AVAILABILITY_LABELS,
  createAttorneySchema,
  updateAttorneySchema,
} from "@shared/schemas/admin-attorneys";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useSaveAttorney } from "./attorneys-api";

/** What the form holds: text as typed, lists as comma-separated text. */
interface FormValues {
  name: string;
  email: string;
  phone: string;
  firm: string;
  location: string;
  specialties: string;
  caseTypes: string;
  rating: string;
  experience: string;
  hourlyRate: string;
  availability: AttorneyAvailability;
  isActive: boolean;
  bio: string;
}

type FieldName = keyof FormValues;
/** The fields typed as text (numbers included, as typed). */
type TextField = Exclude<FieldName, "availability" | "isActive">;
/** The fields typed as numbers. */
type NumberField = "rating" | "experience" | "hourlyRate";

const EMPTY: FormValues = {
  name: "",
  email: "",
  phone: "",
  firm: "",
  location: "",
  specialties: "",
  caseTypes: "",
  rating: "",
  experience: "",
  hourlyRate: "",
  availability: "available",
  isActive: true,
  bio: "",
};

function toForm(attorney: AdminAttorney | null): FormValues {
  if (!attorney) return EMPTY;
  return {
    name: attorney.name,
    email: attorney.email,
    phone: attorney.phone ?? "",
    firm: attorney.firm ?? "",
    location: attorney.location ?? "",
    specialties: attorney.specialties.join(", "),
    caseTypes: attorney.caseTypes.join(", "),
    rating: attorney.rating === null ? "" : String(attorney.rating),
    experience: attorney.experience === null ? "" : String(attorney.experience),
    hourlyRate: attorney.hourlyRate === null ? "" : String(attorney.hourlyRate),
    availability: attorney.availability,
    isActive: attorney.isActive,
    bio: attorney.bio ?? "",
  };
}

const list = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** An empty number field is 'not given' (null); anything else is sent as typed, for the rule to check. */
const number = (value: string): number | string | null => {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  const parsed = Number(trimmed);
  return Number.isNaN(parsed) ? trimmed : parsed;
};

/** The request body the form's values make (every field). */
function toBody(values: FormValues): Record<string, unknown> {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    firm: values.firm,
    location: values.location,
    specialties: list(values.specialties),
    caseTypes: list(values.caseTypes),
    rating: number(values.rating),
    experience: number(values.experience),
    hourlyRate: number(values.hourlyRate),
    availability: values.availability,
    isActive: values.isActive,
    bio: values.bio,
  };
}

/** The field a validation path belongs to ('specialties.2' → specialties). */
function fieldOf(path: string): FieldName | null {
  const head = path.split(".")[0] ?? "";
  return head in EMPTY ? (head as FieldName) : null;
}

/**
 * 'Add Attorney' and 'Edit Attorney': every field of the spec's Attorney entity, checked by the
 * same rules as the server before sending, with the server's answer per field when it refuses.
 * Editing sends only what changed.
 */
export function AttorneyFormDialog({
  open,
  onOpenChange,
  attorney,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The attorney to edit; null to add one. */
  attorney: AdminAttorney | null;
}) {
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => toForm(attorney));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAttorney();
  const toast = useToast();
  const editing = attorney !== null;

  // Each opening starts from the attorney as the server has it.
  useEffect(() => {
    if (open) {
      setValues(toForm(attorney));
      setErrors({});
      setFailure(null);
    }
  }, [open, attorney]);

  const initial = toBody(toForm(attorney));
  const body = toBody(values);
  const changed = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => JSON.stringify(initial[key]) !== JSON.stringify(value)),
  );
  const hasChanges = !editing || Object.keys(changed).length > 0;

  const set =
    <K extends FieldName>(key: K) =>
    (value: FormValues[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => ({ ...e, [key]: undefined }));
    };

  const [focusError, setFocusError] = useState(0);
  const showErrors = (fields: Partial<Record<FieldName, string>>) => {
    setErrors(fields);
    setFocusError((n) => n + 1);
  };
  // After refused values are shown, the first field in error takes focus (its message is read with it).
  useEffect(() => {
    if (focusError === 0) return;
    const form = document.getElementById(formId);
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError, formId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = editing ? updateAttorneySchema.safeParse(changed) : createAttorneySchema.safeParse(body);
    if (!checked.success) {
      const fields: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const name = fieldOf(issue.path.join("."));
        if (name) fields[name] ??= issue.message;
      }
      if (Object.keys(fields).length > 0) return showErrors(fields);
      setFailure(checked.error.issues[0]?.message ?? "Please check the form.");
      return;
    }
    save.mutate(
      { id: attorney?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          toast.success(editing ? `${saved.name} was updated.` : `${saved.name} was added to the directory.`);
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) {
            const fields: Partial<Record<FieldName, string>> = {};
            for (const [path, message] of Object.entries(error.fields ?? {})) {
              const name = fieldOf(path);
              if (name) fields[name] ??= message;
            }
            if (error.status === 409 && /e-mail/i.test(error.message)) fields.email = error.message;
            if (Object.keys(fields).length > 0) return showErrors(fields);
          }
          setFailure(
            error instanceof ApiRequestError && error.status > 0 && error.status < 500
              ? error.message
              : `The attorney could not be ${editing ? "saved" : "added"}. Please try again.`,
          );
        },
      },
    );
  };

  const text = (
    name: TextField,
    label: string,
    options: { type?: string; required?: boolean; help?: string; max?: number; autoComplete?: string } = {},
  ) => (
    <Field label={label} required={options.required} error={errors[name]} help={options.help}>
      {(props) => (
        <Input
          {...props}
          type={options.type ?? "text"}
          value={values[name]}
          onChange={(event) => set(name)(event.target.value)}
          maxLength={options.max}
          autoComplete={options.autoComplete ?? "off"}
        />
      )}
    </Field>
  );

  const number = (
    name: NumberField,
    label: string,
    options: { inputMode: "decimal" | "numeric"; max?: number; step: number },
  ) => (
    <Field label={label} error={errors[name]}>
      {(props) => (
        <Input
          {...props}
          type="number"
          inputMode={options.inputMode}
          min={0}
          max={options.max}
          step={options.step}
          value={values[name]}
          onChange={(event) => set(name)(event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit Attorney" : "Add Attorney"}
      description={
        editing ? `Change ${attorney.name}'s details in the directory.` : "Add an attorney to the referral directory."
      }
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} disabled={!hasChanges}>
            {editing ? "Save Changes" : "Add Attorney"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name", "Name", { required: true, max: ATTORNEY_LIMITS.name, autoComplete: "name" })}
          {text("email", "Email", { type: "email", required: true, max: 254, autoComplete: "email" })}
          {text("phone", "Phone", { type: "tel", max: 40, autoComplete: "tel" })}
          {text("firm", "Firm", { max: ATTORNEY_LIMITS.firm, autoComplete: "organization" })}
          {text("location", "Location", { max: ATTORNEY_LIMITS.location, help: "City and state, e.g. Austin, TX." })}
          <Field label="Availability" error={errors.availability}>
            {(props) => (
              <select
                {...props}
                value={values.availability}
                onChange={(event) => set("availability")(event.target.value as AttorneyAvailability)}
                className={cn(controlClasses, "h-11 pr-8")}
              >
                {ATTORNEY_AVAILABILITY.map((value) => (
                  <option key={value} value={value}>
                    {AVAILABILITY_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text("specialties", "Specialties", { help: "Separate with commas, e.g. Housing, Tenant Rights." })}
          {text("caseTypes", "Case types", { help: "Separate with commas, e.g. Evictions, Security deposits." })}
          {number("rating", "Rating (0 to 5)", { inputMode: "decimal", max: 5, step: 0.1 })}
          {number("experience", "Experience (years)", {
            inputMode: "numeric",
            max: ATTORNEY_LIMITS.experience,
            step: 1,
          })}
          {number("hourlyRate", "Hourly rate ($)", { inputMode: "decimal", step: 0.01 })}
          <div className="flex items-end pb-2">
            <Checkbox
              label="Active"
              description="Offered when assigning referrals."
              checked={values.isActive}
              onChange={(event) => set("isActive")(event.target.checked)}
            />
          </div>
        </div>
        <Field label="Bio" error={errors.bio} help={`Up to ${ATTORNEY_LIMITS.bio.toLocaleString("en-US")} characters.`}>
          {(props) => (
            <Textarea
              {...props}
              rows={4}
              maxLength={ATTORNEY_LIMITS.bio}
              value={values.bio}
              onChange={(event) => set("bio")(event.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}

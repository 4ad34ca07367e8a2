import { Checkbox } from "@client/components/ui/Field";
import { FormDialog, type OpenState } from "@client/components/ui/FormDialog";
import { SelectField } from "@client/components/ui/SelectField";
import { useToast } from "@client/components/ui/Toast";
import { failureText } from "@client/features/admin/admin-api";
import { InputField, NumberField, TextareaField } from "@client/features/admin/components/InputField";
import { useFormFields } from "@client/features/admin/components/use-form-fields";
import { ApiRequestError } from "@client/lib/api";
import {
  type AdminAttorney,
  ATTORNEY_AVAILABILITY,
  ATTORNEY_LIMITS,
  type AttorneyAvailability,
  AVAILABILITY_LABELS,
  createAttorneySchema,
  updateAttorneySchema,
} from "@shared/schemas/admin-attorneys";
import { type FormEvent, useState } from "react";
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

/** The request body the form's values make (every field): lists split, numbers read. */
function toBody(values: FormValues): Record<string, unknown> {
  const { specialties, caseTypes, rating, experience, hourlyRate, ...rest } = values;
  return {
    ...rest,
    specialties: list(specialties),
    caseTypes: list(caseTypes),
    rating: number(rating),
    experience: number(experience),
    hourlyRate: number(hourlyRate),
  };
}

/**
 * 'Add Attorney' and 'Edit Attorney': every field of the spec's Attorney entity, checked by the
 * same rules as the server before sending, with the server's answer per field when it refuses.
 * Editing sends only what changed. The form starts from `attorney` as given (drawn afresh for each
 * opening).
 */
export function AttorneyFormDialog({
  attorney,
  ...dialog
}: OpenState & {
  /** The attorney to edit; null to add one. */
  attorney: AdminAttorney | null;
}) {
  const { values, fieldErrors, set, field, formRef, showErrors } = useFormFields<FormValues>(() => toForm(attorney));
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAttorney();
  const toast = useToast();
  const editing = attorney !== null;

  const initial = toBody(toForm(attorney));
  const body = toBody(values);
  const changed = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => JSON.stringify(initial[key]) !== JSON.stringify(value)),
  );
  const hasChanges = !editing || Object.keys(changed).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = editing ? updateAttorneySchema.safeParse(changed) : createAttorneySchema.safeParse(body);
    if (!checked.success) {
      const issues = checked.error.issues;
      if (!showErrors(issues.map((issue) => [issue.path.join("."), issue.message])))
        setFailure(issues[0]?.message ?? "Please check the form.");
      return;
    }
    save.mutate(
      { id: attorney?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          toast.success(editing ? `${saved.name} was updated.` : `${saved.name} was added to the directory.`);
          dialog.onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) {
            const messages = Object.entries(error.fields ?? {});
            // A taken e-mail address is the e-mail field's error, before anything else said of it.
            if (error.status === 409 && /e-mail/i.test(error.message)) messages.unshift(["email", error.message]);
            if (showErrors(messages)) return;
          }
          setFailure(failureText(error, `The attorney could not be ${editing ? "saved" : "added"}. Please try again.`));
        },
      },
    );
  };

  const text = (
    name: TextField,
    label: string,
    options: { type?: string; required?: boolean; help?: string; max?: number; autoComplete?: string } = {},
  ) => (
    <InputField
      label={label}
      required={options.required}
      help={options.help}
      type={options.type ?? "text"}
      maxLength={options.max}
      autoComplete={options.autoComplete ?? "off"}
      {...field(name)}
    />
  );

  return (
    <FormDialog
      {...dialog}
      title={editing ? "Edit Attorney" : "Add Attorney"}
      description={
        editing ? `Change ${attorney.name}'s details in the directory.` : "Add an attorney to the referral directory."
      }
      submitLabel={editing ? "Save Changes" : "Add Attorney"}
      onSubmit={submit}
      pending={save.isPending}
      submitDisabled={!hasChanges}
      error={failure}
      formRef={formRef}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text("name", "Name", { required: true, max: ATTORNEY_LIMITS.name, autoComplete: "name" })}
        {text("email", "Email", { type: "email", required: true, max: 254, autoComplete: "email" })}
        {text("phone", "Phone", { type: "tel", max: 40, autoComplete: "tel" })}
        {text("firm", "Firm", { max: ATTORNEY_LIMITS.firm, autoComplete: "organization" })}
        {text("location", "Location", { max: ATTORNEY_LIMITS.location, help: "City and state, e.g. Austin, TX." })}
        <SelectField
          label="Availability"
          error={fieldErrors.availability}
          value={values.availability}
          onChange={(value) => set("availability")(value as AttorneyAvailability)}
          options={ATTORNEY_AVAILABILITY.map((value) => [value, AVAILABILITY_LABELS[value]])}
        />
        {text("specialties", "Specialties", { help: "Separate with commas, e.g. Housing, Tenant Rights." })}
        {text("caseTypes", "Case types", { help: "Separate with commas, e.g. Evictions, Security deposits." })}
        <NumberField label="Rating (0 to 5)" min={0} max={5} step={0.1} {...field("rating")} />
        <NumberField
          label="Experience (years)"
          min={0}
          max={ATTORNEY_LIMITS.experience}
          step={1}
          {...field("experience")}
        />
        <NumberField label="Hourly rate ($)" min={0} step={0.01} {...field("hourlyRate")} />
        <div className="flex items-end pb-2">
          <Checkbox
            label="Active"
            description="Offered when assigning referrals."
            checked={values.isActive}
            onChange={(event) => set("isActive")(event.target.checked)}
          />
        </div>
      </div>
      <TextareaField
        label="Bio"
        help={`Up to ${ATTORNEY_LIMITS.bio.toLocaleString("en-US")} characters.`}
        rows={4}
        maxLength={ATTORNEY_LIMITS.bio}
        {...field("bio")}
      />
    </FormDialog>
  );
}

import { Checkbox } from "@client/components/ui/Field";
import { FormDialog, type OpenState } from "@client/components/ui/FormDialog";
import { useToast } from "@client/components/ui/Toast";
import { failureText } from "@client/features/admin/admin-api";
import { InputField, TextareaField } from "@client/features/admin/components/InputField";
import { useFormFields } from "@client/features/admin/components/use-form-fields";
import { ApiRequestError } from "@client/lib/api";
import {
  type AdminTestimonial,
  createTestimonialSchema,
  TESTIMONIAL_LIMITS,
  updateTestimonialSchema,
} from "@shared/schemas/admin-testimonials";
import { type FormEvent, useState } from "react";
import { useSaveTestimonial } from "./testimonials-api";

interface FormValues {
  quote: string;
  author: string;
  context: string;
  isActive: boolean;
  isExample: boolean;
}

type FieldName = keyof FormValues;

const EMPTY: FormValues = { quote: "", author: "", context: "", isActive: true, isExample: false };

function toForm(testimonial: AdminTestimonial | null): FormValues {
  if (!testimonial) return EMPTY;
  const { quote, author, context, isActive, isExample } = testimonial;
  return { quote, author, context, isActive, isExample };
}

/** The request body of the form's values, trimmed as the server keeps them. */
const toBody = (values: FormValues) => ({
  ...values,
  quote: values.quote.trim(),
  author: values.author.trim(),
  context: values.context.trim(),
});

/**
 * 'Add Testimonial' and 'Edit Testimonial': the words, who they are from and what about, whether
 * the landing page shows it, and whether it is an illustrative example rather than a member's own
 * words. Checked by the server's rules before sending; editing sends only what changed.
 */
export function TestimonialFormDialog({
  testimonial,
  ...dialog
}: OpenState & {
  /** The testimonial to edit; null to add one. */
  testimonial: AdminTestimonial | null;
}) {
  const { values, set, field, formRef, showErrors } = useFormFields<FormValues>(() => toForm(testimonial));
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveTestimonial();
  const toast = useToast();
  const editing = testimonial !== null;

  const initial = toBody(toForm(testimonial));
  const body = toBody(values);
  const changed = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => initial[key as FieldName] !== value),
  );
  const hasChanges = !editing || Object.keys(changed).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = editing ? updateTestimonialSchema.safeParse(changed) : createTestimonialSchema.safeParse(body);
    if (!checked.success) {
      const issues = checked.error.issues;
      if (!showErrors(issues.map((issue) => [issue.path.join("."), issue.message])))
        setFailure(issues[0]?.message ?? "Please check the form.");
      return;
    }
    save.mutate(
      { id: testimonial?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          toast.success(
            editing
              ? `The testimonial from ${saved.author} was saved.`
              : `The testimonial from ${saved.author} was added${saved.isActive ? " to the landing page" : ""}.`,
          );
          dialog.onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && showErrors(Object.entries(error.fields ?? {}))) return;
          setFailure(
            failureText(error, `The testimonial could not be ${editing ? "saved" : "added"}. Please try again.`),
          );
        },
      },
    );
  };

  return (
    <FormDialog
      {...dialog}
      title={editing ? "Edit Testimonial" : "Add Testimonial"}
      description="Publish a member's words only with their permission, as they said them. Anything else is an illustrative example, and the landing page says so."
      submitLabel={editing ? "Save Changes" : "Add Testimonial"}
      onSubmit={submit}
      pending={save.isPending}
      submitDisabled={!hasChanges}
      error={failure}
      formRef={formRef}
    >
      <TextareaField
        label="Testimonial"
        required
        help={`The member's words, up to ${TESTIMONIAL_LIMITS.quote} characters.`}
        rows={4}
        maxLength={TESTIMONIAL_LIMITS.quote}
        {...field("quote")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="From"
          required
          help="As they agreed to be named, e.g. 'Maria, a tenant in Ohio'."
          maxLength={TESTIMONIAL_LIMITS.author}
          autoComplete="off"
          {...field("author")}
        />
        <InputField
          label="About"
          help="What they asked about, e.g. 'Security deposit'."
          maxLength={TESTIMONIAL_LIMITS.context}
          autoComplete="off"
          {...field("context")}
        />
      </div>
      <Checkbox
        label="Show on the landing page"
        description="Hidden testimonials are kept here and can be shown again."
        checked={values.isActive}
        onChange={(event) => set("isActive")(event.target.checked)}
      />
      <Checkbox
        label="Illustrative example"
        description="Not a member's own words: the landing page marks it 'Illustrative example'."
        checked={values.isExample}
        onChange={(event) => set("isExample")(event.target.checked)}
      />
    </FormDialog>
  );
}

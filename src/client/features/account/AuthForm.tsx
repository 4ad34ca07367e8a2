import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { useHydrated } from "@client/lib/use-hydrated";
import { type FormEvent, type ReactNode, type Ref, useState } from "react";

/** A submitted form's values by field name. */
export interface FormFields {
  text: (name: string) => string;
  checked: (name: string) => boolean;
}

/**
 * What an account form does once submitted: a problem to show at once (nothing is sent), or the
 * request to send, which may end in a problem of its own.
 */
export type Submission = string | (() => Promise<string | undefined>);

/**
 * The state of an account form (sign-in, registration, the password pages). Values are read from
 * the form itself: what was typed before the page finished loading counts. While the request runs
 * the form is busy, and stays so once it succeeded (the page moves on or shows the outcome); a
 * problem shows above the fields, an error thrown as `failure` tells it (null: nothing to show).
 */
export function useAuthForm(submit: (fields: FormFields) => Submission, failure: (error: unknown) => string | null) {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const fail = (problem: string | null) => {
    setError(problem);
    setSubmitting(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setError(null);
    const next = submit({
      text: (name) => String(data.get(name) ?? ""),
      checked: (name) => data.get(name) === "on",
    });
    if (typeof next === "string") return setError(next);
    setSubmitting(true);
    try {
      const problem = await next();
      if (problem) fail(problem);
    } catch (e) {
      fail(failure(e));
    }
  };

  /** Ready again: no problem shown, not busy (a form shown anew after a later step). */
  const reset = () => fail(null);

  return { error, setError, submitting, onSubmit, reset };
}

/**
 * An account form: what went wrong on top, the fields, and the full-width submit button (disabled
 * until the page runs, so nothing is submitted without the app).
 */
export function AuthForm({
  form,
  submitLabel,
  formRef,
  children,
}: {
  form: ReturnType<typeof useAuthForm>;
  submitLabel: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form ref={formRef} onSubmit={form.onSubmit} noValidate className="space-y-4">
      {form.error ? <Alert tone="danger">{form.error}</Alert> : null}
      {children}
      <Button type="submit" className="w-full" loading={form.submitting} disabled={!hydrated}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** What an account form came to, in place of the form: the message, then what to do next. */
export function AuthOutcome({
  tone,
  title,
  children,
  next,
}: {
  tone: "success" | "danger";
  title?: string;
  children: ReactNode;
  next?: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <Alert tone={tone} title={title}>
        {children}
      </Alert>
      {next}
    </div>
  );
}

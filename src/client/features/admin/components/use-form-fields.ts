import { useEffect, useRef, useState } from "react";

/** The keys of `Values` that hold text. */
type TextKey<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

/**
 * A form's values and its per-field errors: `set(key)` changes one value and clears that field's
 * error; `field(key)` is a text field's value, change and error, as an InputField takes them.
 * After `focusFirstError()` the first field in error (aria-invalid) takes the focus, so its
 * message is read with it.
 */
export function useFormFields<Values extends object>(initial: () => Values) {
  const [values, setValues] = useState<Values>(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setFieldErrors((errors) => {
        if (!errors[key as string]) return errors;
        const { [key as string]: _removed, ...rest } = errors;
        return rest;
      });
    };

  const field = <K extends TextKey<Values>>(key: K) => ({
    value: values[key] as string,
    onValueChange: set(key) as (value: string) => void,
    error: fieldErrors[key as string],
  });

  const focusFirstError = () => setAttempt((n) => n + 1);

  /**
   * Show the first message for each field of the form that `messages` name (by a validation path:
   * 'specialties.2' is the specialties field) and focus the first of them; false when none names a
   * field of the form (the caller then says it above the form).
   */
  const showErrors = (messages: Iterable<[path: string, message: string]>): boolean => {
    const fields: Record<string, string> = {};
    for (const [path, message] of messages) {
      const name = path.split(".")[0] ?? "";
      if (name in values) fields[name] ??= message;
    }
    if (Object.keys(fields).length === 0) return false;
    setFieldErrors(fields);
    focusFirstError();
    return true;
  };

  return { values, fieldErrors, setFieldErrors, set, field, formRef, focusFirstError, showErrors };
}

import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { Checkbox, Field, Input } from "@client/components/ui/Field";
import { useFormFields } from "@client/features/admin/components/use-form-fields";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { ADMIN_TEXT, ADMIN_USERS_TEXT, AUTH_TEXT } from "@shared/messages";
import type { AdminUserCreate, AdminUserRow, AdminUserUpdate } from "@shared/schemas/admin-users";
import { isEmail } from "@shared/validation/auth-rules";
import { type FormEvent, useId, useState } from "react";
import { type AdminUserFilters, failureText, useCreateUser, useUpdateUser } from "./admin-users-api";
import { SubscriptionPanel } from "./SubscriptionPanel";

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  profession: string;
  isAdmin: boolean;
}

const PROFILE_KEYS = ["firstName", "lastName", "email", "phone", "profession"] as const;

const valuesOf = (row: AdminUserRow | null): Values => ({
  firstName: row?.firstName ?? "",
  lastName: row?.lastName ?? "",
  email: row?.email ?? "",
  password: "",
  phone: row?.phone ?? "",
  profession: row?.profession ?? "",
  isAdmin: row?.isAdmin ?? false,
});

/**
 * 'Add New User' (no `user`) and 'Edit User' (spec section 2): the spec's fields, 'Admin Access'
 * (not on the administrator's own row: they cannot remove their own access), Cancel and the
 * action. Errors show by their field and at the top, read out at once. Editing also shows the
 * member's subscription, where a plan can be granted or taken back.
 */
export function UserFormDialog({
  open,
  onOpenChange,
  user,
  isSelf,
  filters,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AdminUserRow | null;
  isSelf: boolean;
  filters: AdminUserFilters;
  onSaved: (row: AdminUserRow, created: boolean) => void;
}) {
  const editing = user !== null;
  const { values, fieldErrors, setFieldErrors, set, formRef, focusFirstError } = useFormFields<Values>(() =>
    valuesOf(user),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [row, setRow] = useState<AdminUserRow | null>(user);
  const create = useCreateUser(filters);
  const update = useUpdateUser();
  const settings = usePublicSettings();
  const minLength = settings?.passwordMinLength ?? PASSWORD_MIN_LENGTH;
  const formId = useId();

  function check(): Record<string, string> {
    const errors: Record<string, string> = {};
    if (!isEmail(values.email)) errors.email = AUTH_TEXT.invalidEmail;
    if (!editing) {
      if (!values.password) errors.password = ADMIN_USERS_TEXT.passwordRequired;
      else if (values.password.length < minLength) errors.password = AUTH_TEXT.passwordTooShort(minLength);
    }
    return errors;
  }

  function refused(error: unknown, fallback: string) {
    setFormError(failureText(error, fallback));
    if (error instanceof ApiRequestError && error.fields) setFieldErrors(error.fields);
    focusFirstError();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const errors = check();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError();
      return;
    }
    if (!user) {
      const body: AdminUserCreate = {
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim(),
        profession: values.profession.trim(),
        isAdmin: values.isAdmin,
      };
      create.mutate(body, {
        onSuccess: (created) => onSaved(created, true),
        onError: (error) => refused(error, ADMIN_TEXT.createUserFailed),
      });
      return;
    }
    // Only what changed is sent, and merged into the row.
    const body: AdminUserUpdate = {};
    for (const key of PROFILE_KEYS) {
      const value = values[key].trim();
      if (value !== user[key]) body[key] = value;
    }
    if (!isSelf && values.isAdmin !== user.isAdmin) body.isAdmin = values.isAdmin;
    if (Object.keys(body).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: (saved) => onSaved(saved, false),
        onError: (error) => refused(error, ADMIN_TEXT.updateUserFailed),
      },
    );
  }

  const pending = create.isPending || update.isPending;
  const text = (key: "firstName" | "lastName" | "phone" | "profession", label: string, autoComplete: string) => (
    <Field label={label} error={fieldErrors[key]}>
      {(props) => (
        <Input
          {...props}
          value={values[key]}
          onChange={(event) => set(key)(event.target.value)}
          autoComplete={autoComplete}
          type={key === "phone" ? "tel" : "text"}
          maxLength={key === "profession" ? 100 : key === "phone" ? 40 : 50}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit User" : "Add New User"}
      {...(user ? { description: user.email } : {})}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {editing ? "Save Changes" : "Create User"}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("firstName", "First Name", "off")}
          {text("lastName", "Last Name", "off")}
        </div>
        <Field
          label="Email"
          required={!editing}
          error={fieldErrors.email}
          {...(user?.isBuiltInAdmin ? { help: ADMIN_USERS_TEXT.builtInAdminEmailFixed } : {})}
        >
          {(props) => (
            <Input
              {...props}
              type="email"
              value={values.email}
              onChange={(event) => set("email")(event.target.value)}
              autoComplete="off"
              maxLength={254}
              readOnly={user?.isBuiltInAdmin}
            />
          )}
        </Field>
        {editing ? null : (
          <Field
            label="Password"
            required
            error={fieldErrors.password}
            help={`At least ${minLength} characters. Share it with the person safely; they can change it from their profile.`}
          >
            {(props) => (
              <Input
                {...props}
                type="password"
                value={values.password}
                onChange={(event) => set("password")(event.target.value)}
                autoComplete="new-password"
                maxLength={128}
              />
            )}
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("phone", "Phone", "off")}
          {text("profession", "Profession", "off")}
        </div>
        {isSelf ? null : (
          <div>
            <Checkbox
              label="Admin Access"
              aria-describedby={`${formId}-admin-help`}
              checked={values.isAdmin}
              onChange={(event) => set("isAdmin")(event.target.checked)}
            />
            <p id={`${formId}-admin-help`} className="mt-1 ml-8 text-sm text-slate-600">
              Opens the admin dashboard: every member, case and setting.
            </p>
          </div>
        )}
      </form>
      {row ? <SubscriptionPanel row={row} onChanged={setRow} /> : null}
    </Dialog>
  );
}

import { Checkbox } from "@client/components/ui/Field";
import { FormDialog, type OpenState } from "@client/components/ui/FormDialog";
import { failureText } from "@client/features/admin/admin-api";
import { InputField } from "@client/features/admin/components/InputField";
import { useFormFields } from "@client/features/admin/components/use-form-fields";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { ADMIN_TEXT, ADMIN_USERS_TEXT, AUTH_TEXT } from "@shared/messages";
import type { AdminUserCreate, AdminUserRow, AdminUserUpdate } from "@shared/schemas/admin-users";
import { SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { isEmail } from "@shared/validation/auth-rules";
import { type FormEvent, useId, useState } from "react";
import { type AdminUserFilters, useCreateUser, useUpdateUser } from "./admin-users-api";
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
  user,
  isSelf,
  filters,
  onSaved,
  ...dialog
}: OpenState & {
  user: AdminUserRow | null;
  isSelf: boolean;
  filters: AdminUserFilters;
  onSaved: (row: AdminUserRow, created: boolean) => void;
}) {
  const editing = user !== null;
  const { values, setFieldErrors, set, field, formRef, focusFirstError } = useFormFields<Values>(() => valuesOf(user));
  const [formError, setFormError] = useState<string | null>(null);
  const [row, setRow] = useState<AdminUserRow | null>(user);
  const create = useCreateUser(filters);
  const update = useUpdateUser();
  const settings = usePublicSettings();
  const minLength = settings?.passwordMinLength ?? SETTINGS_DEFAULTS.security.passwordMinLength;
  const adminHelpId = useId();

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
      dialog.onOpenChange(false);
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
  const text = (key: "firstName" | "lastName" | "phone" | "profession", label: string) => (
    <InputField
      label={label}
      autoComplete="off"
      type={key === "phone" ? "tel" : "text"}
      maxLength={key === "profession" ? 100 : key === "phone" ? 40 : 50}
      {...field(key)}
    />
  );

  return (
    <FormDialog
      {...dialog}
      title={editing ? "Edit User" : "Add New User"}
      description={user?.email}
      submitLabel={editing ? "Save Changes" : "Create User"}
      onSubmit={submit}
      pending={pending}
      error={formError}
      formRef={formRef}
      after={row ? <SubscriptionPanel row={row} onChanged={setRow} /> : null}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text("firstName", "First Name")}
        {text("lastName", "Last Name")}
      </div>
      <InputField
        label="Email"
        required={!editing}
        help={user?.isBuiltInAdmin ? ADMIN_USERS_TEXT.builtInAdminEmailFixed : undefined}
        type="email"
        {...field("email")}
        autoComplete="off"
        maxLength={254}
        readOnly={user?.isBuiltInAdmin}
      />
      {editing ? null : (
        <InputField
          label="Password"
          required
          help={`At least ${minLength} characters. Share it with the person safely; they can change it from their profile.`}
          type="password"
          {...field("password")}
          autoComplete="new-password"
          maxLength={128}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("phone", "Phone")}
        {text("profession", "Profession")}
      </div>
      {isSelf ? null : (
        <div>
          <Checkbox
            label="Admin Access"
            aria-describedby={adminHelpId}
            checked={values.isAdmin}
            onChange={(event) => set("isAdmin")(event.target.checked)}
          />
          <p id={adminHelpId} className="mt-1 ml-8 text-sm text-slate-600">
            Opens the admin dashboard: every member, case and setting.
          </p>
        </div>
      )}
    </FormDialog>
  );
}

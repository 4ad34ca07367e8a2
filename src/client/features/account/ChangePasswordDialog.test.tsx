import { ToastProvider } from "@client/components/ui/Toast";
import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json, publicSettings, type Route } from "@tests/factories/fake-api";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ChangePasswordDialog } from "./ChangePasswordDialog";

/** The server asks for 8 characters (the page caches the settings for the whole file). */
const MIN_LENGTH = 8;

const CHANGE_PASSWORD = "POST /api/auth/change-password";

/** The profile page's part: a button that opens the dialog. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <ToastProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Change my password
      </button>
      <ChangePasswordDialog open={open} onOpenChange={setOpen} />
    </ToastProvider>
  );
}

function fields(dialog: HTMLElement) {
  const view = within(dialog);
  return {
    current: view.getByLabelText("Current password"),
    next: view.getByLabelText("New password"),
    confirm: view.getByLabelText("Confirm new password"),
    submit: view.getByRole("button", { name: "Change Password" }),
  };
}

type User = ReturnType<typeof userEvent.setup>;
type Fields = ReturnType<typeof fields>;

/**
 * Serve the API (the change itself answered by `changePassword`), open the dialog from the
 * profile page's button, and wait until it shows the server's password rule.
 */
async function openDialog(changePassword: Route = () => json({ token: null })) {
  const api = fakeApi({
    "GET /api/settings/public": () => json(publicSettings({ passwordMinLength: MIN_LENGTH })),
    [CHANGE_PASSWORD]: changePassword,
  });
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole("button", { name: "Change my password" }));
  const dialog = screen.getByRole("dialog", { name: "Change Password" });
  expect(await within(dialog).findByText(`At least ${MIN_LENGTH} characters.`)).toBeInTheDocument();
  return { api, user, dialog, f: fields(dialog) };
}

/** Type the three passwords and press Change Password. */
async function fillChangePassword(
  user: User,
  f: Fields,
  { current, next, confirm }: { current: string; next: string; confirm: string },
) {
  await user.type(f.current, current);
  await user.type(f.next, next);
  await user.type(f.confirm, confirm);
  await user.click(f.submit);
}

/** Open the dialog again from the profile page. */
async function reopen(user: User) {
  await user.click(screen.getByRole("button", { name: "Change my password" }));
  return screen.getByRole("dialog", { name: "Change Password" });
}

describe("change password dialog", () => {
  it("keeps Change Password disabled until all three fields are filled", async () => {
    const { user, f } = await openDialog();
    expect(f.submit).toBeDisabled();
    await user.type(f.current, "old-password");
    expect(f.submit).toBeDisabled();
    await user.type(f.next, "new-password");
    expect(f.submit).toBeDisabled();
    await user.type(f.confirm, "n");
    expect(f.submit).toBeEnabled();
    await user.clear(f.current);
    expect(f.submit).toBeDisabled();
  });

  const short = "p".repeat(MIN_LENGTH - 1);
  it.each([
    [
      "says when the new passwords differ, without calling the server",
      { next: "new-password", confirm: "new-passwort" },
      AUTH_TEXT.newPasswordsDoNotMatch,
    ],
    [
      "holds the new password to the server's minimum length",
      { next: short, confirm: short },
      AUTH_TEXT.newPasswordTooShort(MIN_LENGTH),
    ],
  ])("%s", async (_title, passwords, message) => {
    const { api, user, dialog, f } = await openDialog();
    await fillChangePassword(user, f, { current: "old-password", ...passwords });
    expect(within(dialog).getByRole("alert")).toHaveTextContent(message);
    expect(api.callsTo(CHANGE_PASSWORD)).toHaveLength(0);
  });

  it("changes the password, says so, closes, and opens empty next time", async () => {
    const { api, user, f } = await openDialog();
    await fillChangePassword(user, f, { current: "old-password", next: "new-password", confirm: "new-password" });

    expect(await screen.findByText(AUTH_TEXT.passwordChanged)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.callsTo(CHANGE_PASSWORD).map((call) => call.body)).toEqual([
      { currentPassword: "old-password", newPassword: "new-password", revokeOtherSessions: true },
    ]);

    const again = fields(await reopen(user));
    expect(again.current).toHaveValue("");
    expect(again.next).toHaveValue("");
    expect(again.confirm).toHaveValue("");
  });

  it("shows the server's message when the current password is wrong, and keeps the dialog open", async () => {
    const { user, dialog, f } = await openDialog(() =>
      apiError(400, ERROR_CODES.invalidCredentials, AUTH_TEXT.currentPasswordWrong),
    );
    await fillChangePassword(user, f, { current: "not-my-password", next: "new-password", confirm: "new-password" });

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(AUTH_TEXT.currentPasswordWrong);
    expect(screen.getByRole("dialog", { name: "Change Password" })).toBeInTheDocument();
    expect(screen.queryByText(AUTH_TEXT.passwordChanged)).not.toBeInTheDocument();
    // The answers stay for a second try, and the button works again.
    expect(f.next).toHaveValue("new-password");
    expect(f.submit).toBeEnabled();
  });

  it("shows a retry message, not the server's details, when the server fails", async () => {
    const { user, dialog, f } = await openDialog(() => apiError(500, ERROR_CODES.internal, "boom"));
    await fillChangePassword(user, f, { current: "old-password", next: "new-password", confirm: "new-password" });
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(AUTH_TEXT.changePasswordFailedRetry);
    expect(alert).not.toHaveTextContent("boom");
  });

  it("forgets what was typed, and the error, when cancelled", async () => {
    const { user, dialog, f } = await openDialog();
    await fillChangePassword(user, f, { current: "old-password", next: "new-password", confirm: "other-password" });
    expect(within(dialog).getByRole("alert")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    const reopened = await reopen(user);
    expect(within(reopened).queryByRole("alert")).not.toBeInTheDocument();
    expect(fields(reopened).current).toHaveValue("");
  });
});

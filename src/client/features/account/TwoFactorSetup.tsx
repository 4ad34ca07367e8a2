import { Alert } from "@client/components/ui/Alert";
import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { Field, Input } from "@client/components/ui/Field";
import { useToast } from "@client/components/ui/Toast";
import { refusalText } from "@client/lib/api";
import { useSession } from "@client/lib/session";
import { AUTH_TEXT } from "@shared/messages";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { renderSVG } from "uqr";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";

type Step =
  | { kind: "password" }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

/** The secret of an otpauth:// URI, in groups of four for typing into an app by hand. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * Two-factor sign-in in the profile: its state, and the steps to turn it on (password, then the
 * QR code and the secret as text, then a first code that confirms it, then the backup codes shown
 * once) or off (password).
 */
export function TwoFactorSetup({ heading = "Two-factor sign-in" }: { heading?: string }) {
  const session = useSession();
  const toast = useToast();
  const on = Boolean(session.user?.twoFactorEnabled);
  const [open, setOpen] = useState<"enable" | "disable" | null>(null);
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(null);
    setStep({ kind: "password" });
    setError(null);
  };
  const run = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (e) {
      setError(refusalText(e, AUTH_TEXT.unexpected));
    } finally {
      setBusy(false);
    }
  };
  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!password) return setError(AUTH_TEXT.currentPasswordWrong);
    void run(async () => {
      if (open === "disable") {
        await authApi.disableTwoFactor(password);
        await session.refresh();
        toast.success("Two-factor sign-in is off.");
        close();
        return;
      }
      const enabled = await authApi.enableTwoFactor(password);
      setStep({ kind: "scan", ...enabled });
    });
  };
  const submitCode = (event: FormEvent<HTMLFormElement>, backupCodes: string[]) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    if (!/^\d{6}$/.test(code)) return setError(AUTH_TEXT.twoFactorCodeInvalid);
    void run(async () => {
      await authApi.verifyTotp(code);
      await session.refresh();
      setStep({ kind: "codes", backupCodes });
    });
  };

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-3 px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <ShieldCheck className="size-5 text-slate-600" aria-hidden />
        <h3 id="two-factor-heading" className="font-semibold text-slate-800">
          {heading}
        </h3>
        <Badge tone={on ? "green" : "slate"}>{on ? "On" : "Off"}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        {on
          ? "Signing in asks for a code from your authenticator app, or one of your backup codes."
          : "Protect your account with a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) each time you sign in."}
      </p>
      <Button variant={on ? "secondary" : "primary"} onClick={() => setOpen(on ? "disable" : "enable")}>
        {on ? "Turn Off" : "Turn On"}
      </Button>

      <Dialog
        open={open !== null}
        onOpenChange={(next) => (next ? null : close())}
        title={open === "disable" ? "Turn off two-factor sign-in" : "Turn on two-factor sign-in"}
        description={
          step.kind === "password"
            ? "Enter your password to continue."
            : step.kind === "scan"
              ? "Scan the code with your authenticator app, then enter the code it shows."
              : "Save your backup codes now: they are shown only once."
        }
        footer={
          step.kind === "codes" ? (
            <Button onClick={close}>I have saved my codes</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" form="two-factor-form" loading={busy}>
                {step.kind === "password" ? (open === "disable" ? "Turn Off" : "Continue") : "Verify and Turn On"}
              </Button>
            </>
          )
        }
      >
        {error ? (
          <Alert tone="danger" className="mb-4">
            {error}
          </Alert>
        ) : null}
        {step.kind === "password" ? (
          <form id="two-factor-form" onSubmit={submitPassword} noValidate>
            <Field label="Password">
              {(p) => <PasswordInput {...p} name="password" autoComplete="current-password" />}
            </Field>
          </form>
        ) : step.kind === "scan" ? (
          <form
            id="two-factor-form"
            onSubmit={(event) => submitCode(event, step.backupCodes)}
            noValidate
            className="space-y-4"
          >
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(step.totpURI, { border: 2 }))}`}
              alt="QR code for your authenticator app"
              className="mx-auto size-48 rounded-md border border-slate-200 bg-white"
            />
            <div>
              <p className="text-sm text-slate-700">Cannot scan it? Type this key into the app instead:</p>
              <p className="mt-1 rounded-md bg-slate-100 p-2 text-center font-mono text-sm break-all text-slate-900">
                {secretOf(step.totpURI)}
              </p>
            </div>
            <Field label="Code from the app">
              {(p) => <Input {...p} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />}
            </Field>
          </form>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              Two-factor sign-in is on. If you lose your phone, each of these codes signs you in once. Keep them
              somewhere safe, such as a password manager.
            </p>
            <ul className="grid grid-cols-2 gap-2 rounded-md bg-slate-100 p-3 font-mono text-sm text-slate-900">
              {step.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        )}
      </Dialog>
    </section>
  );
}

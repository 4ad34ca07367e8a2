import { Button } from "@client/components/ui/Button";
import { Field, Input } from "@client/components/ui/Field";
import { refusalText } from "@client/lib/api";
import { AUTH_TEXT } from "@shared/messages";
import { useState } from "react";
import { AuthForm, useAuthForm } from "./AuthForm";
import { authApi } from "./auth-api";

/**
 * The second step of a sign-in with two-factor on: the code the member's authenticator app shows,
 * or one of their backup codes. `onSignedIn` runs once the code is accepted (the session exists).
 */
export function TwoFactorChallenge({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
}) {
  const [backup, setBackup] = useState(false);
  const form = useAuthForm(
    (fields) => {
      const code = fields.text("code").trim();
      if (!code) return backup ? AUTH_TEXT.backupCodeInvalid : AUTH_TEXT.twoFactorCodeInvalid;
      return async () => {
        if (backup) await authApi.verifyBackupCode(code);
        else await authApi.verifyTotp(code.replace(/\s+/g, ""));
        await onSignedIn();
        return undefined;
      };
    },
    (e) => refusalText(e, AUTH_TEXT.unexpected),
  );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {backup
          ? "Enter one of the backup codes you saved when you set up two-factor sign-in. Each code works once."
          : "Open your authenticator app and enter the 6-digit code it shows for LawGuide."}
      </p>
      <AuthForm form={form} submitLabel="Verify">
        {backup ? (
          <Field label="Backup code" key="backup">
            {(p) => <Input {...p} name="code" autoComplete="off" spellCheck={false} />}
          </Field>
        ) : (
          <Field label="Authentication code" key="totp">
            {(p) => (
              <Input
                {...p}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                pattern="[0-9 ]*"
              />
            )}
          </Field>
        )}
      </AuthForm>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => setBackup((b) => !b)}>
          {backup ? "Use a code from my app" : "Use a backup code instead"}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          Start over
        </Button>
      </div>
    </div>
  );
}

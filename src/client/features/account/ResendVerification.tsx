import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { refusalText } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { AUTH_TEXT } from "@shared/messages";
import { useState } from "react";
import { authApi } from "./auth-api";

/**
 * 'Send the link again' for an address waiting for its verification link, with what came of it
 * (the server allows three a minute). In embedded mode it says where the mail is kept.
 */
export function ResendVerification({ email }: { email: string }) {
  const settings = usePublicSettings();
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" } | { kind: "failed"; text: string }>({
    kind: "idle",
  });
  const send = async () => {
    setState({ kind: "sending" });
    try {
      await authApi.sendVerification(email);
      setState({ kind: "sent" });
    } catch (error) {
      setState({ kind: "failed", text: refusalText(error, AUTH_TEXT.unexpected) });
    }
  };
  return (
    <div className="space-y-3">
      {settings?.mode === "embedded" ? (
        <p className="text-sm text-slate-700">
          This copy of LawGuide has no mail server, so it keeps its mail instead of sending it. An administrator finds
          the link in the admin dashboard, under Mail, Outbox.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          No mail after a few minutes? Look in your spam folder, or send it again.
        </p>
      )}
      <Button variant="secondary" onClick={send} loading={state.kind === "sending"} className="w-full">
        Send the link again
      </Button>
      <div aria-live="polite">
        {state.kind === "sent" ? <Alert tone="success">A new link is on its way to {email}.</Alert> : null}
        {state.kind === "failed" ? <Alert tone="danger">{state.text}</Alert> : null}
      </div>
    </div>
  );
}

import { HydratedMark } from "@client/components/Hydrated";
import { setNonce } from "get-nonce";
import { type ReactNode, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

/**
 * Start one page's app in its #root (`html` names the page's file, for the error if it is
 * missing). Style tags added at run time (dialogs' scroll lock) carry the page's CSP nonce. A
 * prerendered page is taken over instead of redrawn, once `ready` (the code it shows) has loaded;
 * any other page is drawn from nothing.
 */
export function startPage(html: string, app: ReactNode, ready?: () => Promise<unknown>) {
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce && nonce !== "__CSP_NONCE__") setNonce(nonce);

  const root = document.getElementById("root");
  if (!root) throw new Error(`#root is missing from ${html}`);
  const page = (
    <StrictMode>
      {app}
      <HydratedMark />
    </StrictMode>
  );
  if (!root.firstElementChild) createRoot(root).render(page);
  else if (ready) void ready().finally(() => hydrateRoot(root, page));
  else hydrateRoot(root, page);
}

import { setNonce } from "get-nonce";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, preloadPath } from "./app/router";
import { HydratedMark } from "./components/Hydrated";
import { SessionProvider } from "./lib/session";

// Style tags added at run time (dialogs' scroll lock) carry the page's CSP nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== "__CSP_NONCE__") setNonce(nonce);

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

const app = (
  <StrictMode>
    <SessionProvider>
      <App />
    </SessionProvider>
    <HydratedMark />
  </StrictMode>
);
// Public pages arrive prerendered (src/client/prerender.tsx): take them over instead of redrawing,
// once their own code is here.
if (root.firstElementChild) {
  const container = root;
  void preloadPath(window.location.pathname).finally(() => hydrateRoot(container, app));
} else {
  createRoot(root).render(app);
}

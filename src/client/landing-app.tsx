import { setNonce } from "get-nonce";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HydratedMark } from "./components/Hydrated";
import { WelcomePage } from "./features/landing/WelcomePage";
import { MaintenanceGate } from "./features/site/MaintenanceGate";
import { SiteTitle } from "./features/site/SiteTitle";

/**
 * The landing page's own entry: no router and no member area, so a first visit downloads little.
 * The server says whether a session is present (data-session) and sends the matching prerendered
 * HTML, which React takes over here.
 */
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== "__CSP_NONCE__") setNonce(nonce);

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from welcome.html");
const app = (
  <StrictMode>
    <MaintenanceGate path="/welcome">
      <SiteTitle />
      <WelcomePage signedIn={document.documentElement.dataset.session === "member"} />
    </MaintenanceGate>
    <HydratedMark />
  </StrictMode>
);
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);

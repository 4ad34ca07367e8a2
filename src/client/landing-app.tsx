import { WelcomePage } from "./features/landing/WelcomePage";
import { MaintenanceGate } from "./features/site/MaintenanceGate";
import { SiteTitle } from "./features/site/SiteTitle";
import { startPage } from "./lib/start-page";

/**
 * The landing page's own entry: no router and no member area, so a first visit downloads little.
 * The server says whether a session is present (data-session) and sends the matching prerendered
 * HTML, which React takes over here.
 */
startPage(
  "welcome.html",
  <MaintenanceGate path="/welcome">
    <SiteTitle />
    <WelcomePage signedIn={document.documentElement.dataset.session === "member"} />
  </MaintenanceGate>,
);

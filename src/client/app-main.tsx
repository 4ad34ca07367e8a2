import { App, preloadPath } from "./app/router";
import { SessionProvider } from "./lib/session";
import { startPage } from "./lib/start-page";

// Public pages arrive prerendered (src/client/prerender.tsx): they are taken over once their own
// code is here.
startPage(
  "index.html",
  <SessionProvider>
    <App />
  </SessionProvider>,
  () => preloadPath(window.location.pathname),
);

import { App, preloadPath } from "./app/router";
import { SessionProvider } from "./lib/session";
import { startPage } from "./lib/start-page";

// The first page's code, fetched at once (the server preloads it with the HTML). Public pages
// arrive prerendered (src/client/prerender.tsx): they are taken over once it is here; the others
// are drawn when it and the session are.
const firstPage = preloadPath(window.location.pathname);
startPage(
  "index.html",
  <SessionProvider ready={firstPage}>
    <App />
  </SessionProvider>,
  () => firstPage,
);

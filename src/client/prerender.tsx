import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { matchRoutes, StaticRouter } from "react-router";
import type { RouteHandle } from "./app/route-handle";
import { AppRoutes, routes } from "./app/router";
import { WelcomePage } from "./features/landing/WelcomePage";
import { SessionProvider } from "./lib/session";

/**
 * Build-time rendering of the public pages into HTML (run by scripts/client-build.mjs after the
 * build). The browser then takes the page over (hydrates) instead of drawing it from nothing, so
 * the first paint does not wait for the JavaScript. Pages render as for a visitor whose session
 * is not yet known, exactly as the browser's first render does.
 */

/** Public pages whose first render depends on nothing but the path (the pages' table marks them). */
export { PRERENDERED_PATHS } from "@shared/pages";

async function html(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

export async function renderAppPage(path: string): Promise<{ html: string; title: string | undefined }> {
  const handle: RouteHandle = {};
  for (const m of matchRoutes(routes, path) ?? []) Object.assign(handle, m.route.handle as RouteHandle | undefined);
  return {
    html: await html(
      <StrictMode>
        <SessionProvider>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </SessionProvider>
      </StrictMode>,
    ),
    title: handle.title,
  };
}

export function renderWelcome(signedIn: boolean): Promise<string> {
  return html(
    <StrictMode>
      <WelcomePage signedIn={signedIn} />
    </StrictMode>,
  );
}

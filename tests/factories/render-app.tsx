import { SessionProvider } from "@client/lib/session";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";

/**
 * Render `routes` as the app does, in a router inside the session provider and React's StrictMode
 * (effects run twice, as in development), starting at `path`. Returns the router, so a test can see
 * where the page went (`router.state.location.pathname`).
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </StrictMode>,
  );
  return router;
}

import { SessionProvider, useSession } from "@client/lib/session";
import type { SessionUser } from "@shared/session";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireAuth } from "./guards";

const member: SessionUser = {
  id: "u1",
  email: "m@example.com",
  phone: "",
  firstName: "Mia",
  lastName: "",
  address: "",
  profession: "",
  createdAt: "2026-01-01T00:00:00.000Z",
  lastActive: null,
  isAdmin: false,
  preferences: { emailNotifications: true, pushNotifications: true, marketingEmails: false },
  plan: "free",
};

/** The browser's network answers /api/me with `user` (the server's real response shape). */
function serverSays(user: SessionUser | null, delayMs = 0) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(
            () => resolve(new Response(JSON.stringify({ user }), { headers: { "content-type": "application/json" } })),
            delayMs,
          ),
        ),
    ),
  );
}

function SignOutButton() {
  const session = useSession();
  return (
    <button type="button" onClick={() => void session.signOut()}>
      Sign out
    </button>
  );
}

function renderAt(path: string, admin = false) {
  const router = createMemoryRouter(
    [
      { path: "/welcome", element: <h1>Landing</h1> },
      { element: <RequireAuth admin={admin} />, children: [{ path: "/private", element: <h1>Private page</h1> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

describe("route guard", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Loading...' until the session is known", async () => {
    serverSays(member, 50);
    renderAt("/private");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(await screen.findByRole("heading", { name: "Private page" })).toBeInTheDocument();
  });

  it("sends a visitor to /welcome and remembers where they were going", async () => {
    serverSays(null);
    const router = renderAt("/private?tab=2");
    expect(await screen.findByRole("heading", { name: "Landing" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/welcome");
    expect(sessionStorage.getItem("lawguide.returnTo")).toBe("/private?tab=2");
  });

  it("does not remember the page a member was on when they sign out", async () => {
    serverSays(member);
    const router = createMemoryRouter(
      [
        { path: "/welcome", element: <h1>Landing</h1> },
        {
          element: <RequireAuth />,
          children: [{ path: "/private", element: <SignOutButton /> }],
        },
      ],
      { initialEntries: ["/private"] },
    );
    render(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    (await screen.findByRole("button", { name: "Sign out" })).click();
    expect(await screen.findByRole("heading", { name: "Landing" })).toBeInTheDocument();
    expect(sessionStorage.getItem("lawguide.returnTo")).toBeNull();
  });

  it("sends a member away from admin pages", async () => {
    serverSays(member);
    renderAt("/private", true);
    expect(await screen.findByRole("heading", { name: "Landing" })).toBeInTheDocument();
  });

  it("admits an administrator to admin pages", async () => {
    serverSays({ ...member, isAdmin: true });
    renderAt("/private", true);
    expect(await screen.findByRole("heading", { name: "Private page" })).toBeInTheDocument();
  });

  it("gives up waiting after 10 seconds and treats the visitor as signed out", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    );
    renderAt("/private");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Landing" })).toBeInTheDocument());
  });
});

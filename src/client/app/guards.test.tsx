import { useSession } from "@client/lib/session";
import type { SessionUser } from "@shared/session";
import { screen, waitFor } from "@testing-library/react";
import { fakeApi, hangs, json, sessionUser } from "@tests/factories/fake-api";
import { renderRoutes } from "@tests/factories/render-app";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RequireAuth } from "./guards";

const member = sessionUser();

/** The server answers /api/me with `user` (after `delayMs`), and signs out whoever asks. */
function serverSays(user: SessionUser | null, delayMs = 0) {
  fakeApi({
    "GET /api/me": async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return json({ user });
    },
    "POST /api/auth/sign-out": () => json({ success: true }),
  });
}

function SignOutButton() {
  const session = useSession();
  return (
    <button type="button" onClick={() => void session.signOut()}>
      Sign out
    </button>
  );
}

/** Deleting the account ends the session in the tab as signing out does. */
function AccountGoneButton() {
  const session = useSession();
  return (
    <button type="button" onClick={() => session.forget()}>
      Delete account
    </button>
  );
}

/** `page` at /private behind the guard (for administrators only with `admin`), and a landing page. */
function renderAt(
  path: string,
  { admin = false, page = <h1>Private page</h1> }: { admin?: boolean; page?: ReactNode } = {},
) {
  return renderRoutes(
    [
      { path: "/welcome", element: <h1>Landing</h1> },
      { element: <RequireAuth admin={admin} />, children: [{ path: "/private", element: page }] },
    ],
    path,
  );
}

describe("route guard", () => {
  beforeEach(() => sessionStorage.clear());

  it("shows 'Loading...' until the session is known", async () => {
    serverSays(member, 50);
    renderAt("/private");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(await screen.findByRole("heading", { name: "Private page" })).toBeInTheDocument();
  });

  it("keeps a signed-in member on the page they reloaded, though React runs the session check twice", async () => {
    // StrictMode aborts the first /api/me request: that abort must not count as "signed out".
    serverSays(member, 50);
    const router = renderAt("/private");
    const visited: string[] = [];
    const stop = router.subscribe((state) => visited.push(state.location.pathname));
    expect(await screen.findByRole("heading", { name: "Private page" })).toBeInTheDocument();
    stop();
    expect(visited).not.toContain("/welcome");
    expect(router.state.location.pathname).toBe("/private");
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
    renderAt("/private", { page: <SignOutButton /> });
    (await screen.findByRole("button", { name: "Sign out" })).click();
    expect(await screen.findByRole("heading", { name: "Landing" })).toBeInTheDocument();
    expect(sessionStorage.getItem("lawguide.returnTo")).toBeNull();
  });

  it("does not remember the page a member was on when their account is deleted", async () => {
    serverSays(member);
    renderAt("/private", { page: <AccountGoneButton /> });
    (await screen.findByRole("button", { name: "Delete account" })).click();
    expect(await screen.findByRole("heading", { name: "Landing" })).toBeInTheDocument();
    expect(sessionStorage.getItem("lawguide.returnTo")).toBeNull();
  });

  it("sends a member away from admin pages", async () => {
    serverSays(member);
    renderAt("/private", { admin: true });
    expect(await screen.findByRole("heading", { name: "Landing" })).toBeInTheDocument();
  });

  it("admits an administrator to admin pages", async () => {
    serverSays({ ...member, isAdmin: true });
    renderAt("/private", { admin: true });
    expect(await screen.findByRole("heading", { name: "Private page" })).toBeInTheDocument();
  });

  it("gives up waiting after 10 seconds and treats the visitor as signed out", async () => {
    vi.useFakeTimers();
    fakeApi({ "GET /api/me": hangs });
    renderAt("/private");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Landing" })).toBeInTheDocument());
  });
});

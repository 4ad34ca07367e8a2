import { SessionProvider } from "@client/lib/session";
import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import type { SessionUser } from "@shared/session";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json, publicSettings, sessionUser } from "@tests/factories/fake-api";
import { renderRoutes } from "@tests/factories/render-app";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { LoginPage } from "./LoginPage";

/** This copy of LawGuide lists demo accounts (the page caches the settings for the whole file). */
const DEMO_ACCOUNTS = [
  { email: "member@demo.lawguide.example", password: "demo-member-pw", label: "Member" },
  { email: "admin@demo.lawguide.example", password: "demo-admin-pw", label: "Administrator" },
];

const SIGN_IN = "POST /api/auth/sign-in/email";

/** The fake API: credentials `mia@example.com` / `right-password` sign in as `account`. */
function serve(account: SessionUser = sessionUser()) {
  let signedIn: SessionUser | null = null;
  return fakeApi({
    "GET /api/settings/public": () => json(publicSettings({ mode: "embedded", demoAccounts: DEMO_ACCOUNTS })),
    "GET /api/me": () => json({ user: signedIn }),
    [SIGN_IN]: (call) => {
      const { email, password } = call.body as { email: string; password: string };
      if (email !== account.email || password !== "right-password") {
        return apiError(401, ERROR_CODES.invalidCredentials, AUTH_TEXT.loginFailed);
      }
      signedIn = account;
      return json({ user: { id: account.id } });
    },
  });
}

function renderPage() {
  return renderRoutes(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/dashboard", element: <h1>Dashboard</h1> },
      { path: "/admin/dashboard", element: <h1>Admin dashboard</h1> },
    ],
    "/login",
  );
}

const email = () => screen.getByLabelText("Email");
const password = () => screen.getByLabelText("Password");
const signInButton = () => screen.getByRole("button", { name: "Sign In" });

/** Type the credentials (ticking Remember me with `remember`) and press Sign In. */
async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  credentials: { email: string; password: string; remember?: boolean },
) {
  await user.type(email(), credentials.email);
  await user.type(password(), credentials.password);
  if (credentials.remember) await user.click(screen.getByRole("checkbox", { name: /Remember me/ }));
  await user.click(signInButton());
}

describe("sign-in form", () => {
  beforeEach(() => sessionStorage.clear());

  it("asks for both the email and the password before sending anything", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage();

    await user.click(signInButton());
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXT.loginFormMissing);

    await user.type(email(), "mia@example.com");
    await user.click(signInButton());
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXT.loginFormMissing);

    await user.clear(email());
    await signIn(user, { email: "   ", password: "right-password" });
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXT.loginFormMissing);
    expect(api.callsTo(SIGN_IN)).toHaveLength(0);
  });

  it("shows the server's message for wrong credentials and stays on the page", async () => {
    const api = serve();
    const user = userEvent.setup();
    const router = renderPage();
    await signIn(user, { email: "mia@example.com", password: "wrong-password" });

    expect(await screen.findByRole("alert")).toHaveTextContent(AUTH_TEXT.loginFailed);
    expect(router.state.location.pathname).toBe("/login");
    expect(api.callsTo(SIGN_IN).map((call) => call.body)).toEqual([
      { email: "mia@example.com", password: "wrong-password", rememberMe: false },
    ]);
    // The form can be sent again.
    expect(signInButton()).toBeEnabled();
  });

  it("passes the lockout text of a 429 through unchanged", async () => {
    const api = serve();
    const lockout = AUTH_TEXT.lockedOut(15);
    api.routes[SIGN_IN] = () => apiError(429, ERROR_CODES.accountLocked, lockout);
    const user = userEvent.setup();
    renderPage();
    await signIn(user, { email: "mia@example.com", password: "right-password" });
    expect(await screen.findByRole("alert")).toHaveTextContent(lockout);
  });

  it("offers a new verification link when the address is not verified yet", async () => {
    const api = serve();
    api.routes[SIGN_IN] = () => apiError(403, ERROR_CODES.emailNotVerified, AUTH_TEXT.emailNotVerified);
    api.routes["POST /api/auth/send-verification-email"] = () => json({ status: true });
    const user = userEvent.setup();
    renderPage();
    await signIn(user, { email: "mia@example.com", password: "right-password" });
    expect(await screen.findByRole("alert")).toHaveTextContent(AUTH_TEXT.emailNotVerified);
    await user.click(screen.getByRole("button", { name: "Send the link again" }));
    expect(await screen.findByText("A new link is on its way to mia@example.com.")).toBeInTheDocument();
    expect(api.callsTo("POST /api/auth/send-verification-email").map((call) => call.body)).toEqual([
      { email: "mia@example.com" },
    ]);
  });

  it("hides a server failure's details behind a general message", async () => {
    const api = serve();
    api.routes[SIGN_IN] = () => apiError(503, ERROR_CODES.internal, "database is down");
    const user = userEvent.setup();
    renderPage();
    await signIn(user, { email: "mia@example.com", password: "right-password" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(AUTH_TEXT.unexpected);
    expect(alert).not.toHaveTextContent("database is down");
  });

  it("signs a member in (remember me on) and opens the dashboard", async () => {
    const api = serve();
    const user = userEvent.setup();
    const router = renderPage();
    await signIn(user, { email: " mia@example.com ", password: "right-password", remember: true });

    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(api.callsTo(SIGN_IN).map((call) => call.body)).toEqual([
      { email: "mia@example.com", password: "right-password", rememberMe: true },
    ]);
  });
  it("takes an administrator to the admin dashboard", async () => {
    serve(sessionUser({ isAdmin: true }));
    const user = userEvent.setup();
    renderPage();
    await user.type(email(), "mia@example.com");
    await user.type(password(), "right-password{Enter}");
    expect(await screen.findByRole("heading", { name: "Admin dashboard" })).toBeInTheDocument();
  });

  it("fills the form from a demo account and clears the last error", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage();
    const demo = await screen.findByRole("region", { name: "Demo accounts" });
    expect(within(demo).getByText(/member@demo\.lawguide\.example/)).toBeInTheDocument();

    await user.click(signInButton());
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXT.loginFormMissing);

    await user.click(within(demo).getByRole("button", { name: "Use the Administrator demo account" }));
    expect(email()).toHaveValue("admin@demo.lawguide.example");
    expect(password()).toHaveValue("demo-admin-pw");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(within(demo).getByRole("button", { name: "Use the Member demo account" }));
    expect(email()).toHaveValue("member@demo.lawguide.example");
    expect(password()).toHaveValue("demo-member-pw");

    // What the buttons filled in is what is sent.
    await user.click(signInButton());
    await screen.findByRole("alert");
    expect(api.callsTo(SIGN_IN).map((call) => call.body)).toEqual([
      { email: "member@demo.lawguide.example", password: "demo-member-pw", rememberMe: false },
    ]);
  });

  it("shows and hides the password", async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await user.type(password(), "secret-words");
    expect(password()).toHaveAttribute("type", "password");

    const show = screen.getByRole("button", { name: "Show password" });
    expect(show).toHaveAttribute("aria-pressed", "false");
    await user.click(show);
    expect(password()).toHaveAttribute("type", "text");
    expect(password()).toHaveValue("secret-words");

    const hide = screen.getByRole("button", { name: "Hide password" });
    expect(hide).toHaveAttribute("aria-pressed", "true");
    await user.click(hide);
    expect(password()).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Show password" })).toBeInTheDocument();
  });
});

describe("sign-in form before the page has finished loading", () => {
  it("keeps Sign In disabled in the prerendered page and sends what was typed before the app ran", async () => {
    const api = serve();
    const tree = (
      <SessionProvider>
        <MemoryRouter initialEntries={["/login"]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/dashboard" element={<h1>Dashboard</h1>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const view = within(container);
    expect(view.getByRole("button", { name: "Sign In" })).toBeDisabled();

    // The visitor types into the prerendered form.
    const user = userEvent.setup();
    await user.type(view.getByLabelText("Email"), "mia@example.com");
    await user.type(view.getByLabelText("Password"), "right-password");

    const root = await act(async () => hydrateRoot(container, tree));
    try {
      const button = view.getByRole("button", { name: "Sign In" });
      expect(button).toBeEnabled();
      await user.click(button);
      expect(await view.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
      expect(api.callsTo(SIGN_IN).map((call) => call.body)).toEqual([
        { email: "mia@example.com", password: "right-password", rememberMe: false },
      ]);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});

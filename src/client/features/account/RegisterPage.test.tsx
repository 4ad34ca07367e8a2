import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import type { SessionUser } from "@shared/session";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json, publicSettings, type Route, sessionUser } from "@tests/factories/fake-api";
import { renderRoutes } from "@tests/factories/render-app";
import { beforeEach, describe, expect, it } from "vitest";
import { RegisterPage } from "./RegisterPage";

/**
 * The server asks for 10 characters: different from the built-in 6, so the page must have read it.
 * (The page caches public settings for the whole file, so every test here sees the same ones.)
 */
const MIN_LENGTH = 10;
const GOOD_PASSWORD = "correct-horse";

const SIGN_UP = "POST /api/auth/sign-up/email";
const SIGN_IN = "POST /api/auth/sign-in/email";
const RESEND = "POST /api/auth/send-verification-email";

/**
 * The fake API: nobody is signed in until a sign-up succeeds. With `sessionOnSignUp: false` the
 * sign-up starts no session (e-mail verification is required), and a new link can be asked for.
 */
function serve({ sessionOnSignUp = true } = {}) {
  let signedIn: SessionUser | null = null;
  const routes: Record<string, Route> = {
    "GET /api/settings/public": () => json(publicSettings({ passwordMinLength: MIN_LENGTH })),
    "GET /api/me": () => json({ user: signedIn }),
    [SIGN_UP]: () => {
      if (sessionOnSignUp) signedIn = sessionUser({ email: "new@example.com", firstName: "Nora" });
      // As the server answers: the new account with a session, or the same bytes for every
      // address while the link is awaited.
      return json(
        sessionOnSignUp ? { token: "session-token", user: { id: "u1" } } : { token: null, verificationRequired: true },
      );
    },
    [RESEND]: () => json({ status: true }),
  };
  return fakeApi(routes);
}

function renderPage() {
  return renderRoutes(
    [
      { path: "/register", element: <RegisterPage /> },
      { path: "/dashboard", element: <h1>Dashboard</h1> },
      { path: "/login", element: <h1>Sign in</h1> },
      { path: "/cases/:id", element: <h1>A case</h1> },
    ],
    "/register",
  );
}

/**
 * Render the page and wait until the server's password rule is shown (the settings have arrived).
 * Returns the router (to see where the page went) and the visitor.
 */
async function openForm() {
  const user = userEvent.setup();
  const router = renderPage();
  expect(await screen.findByText(`At least ${MIN_LENGTH} characters.`)).toBeInTheDocument();
  return { router, user };
}

interface Entry {
  email?: string;
  firstName?: string;
  password?: string;
  confirmPassword?: string;
  terms?: boolean;
  ai?: boolean;
}

type User = ReturnType<typeof userEvent.setup>;

const complete: Required<Entry> = {
  email: "new@example.com",
  firstName: "Nora",
  password: GOOD_PASSWORD,
  confirmPassword: GOOD_PASSWORD,
  terms: true,
  ai: true,
};

async function fillIn(user: User, entry: Entry) {
  if (entry.email) await user.type(screen.getByLabelText("Email"), entry.email);
  if (entry.firstName) await user.type(screen.getByLabelText("First name"), entry.firstName);
  if (entry.password) await user.type(screen.getByLabelText("Password"), entry.password);
  if (entry.confirmPassword) await user.type(screen.getByLabelText("Confirm password"), entry.confirmPassword);
  if (entry.terms) await user.click(screen.getByRole("checkbox", { name: /Terms of Service/ }));
  if (entry.ai) await user.click(screen.getByRole("checkbox", { name: /not legal advice/ }));
}

const createButton = () => screen.getByRole("button", { name: "Create Account" });

/** Fill in `entry` and press Create Account. */
async function submit(user: User, entry: Entry) {
  await fillIn(user, entry);
  await user.click(createButton());
}

describe("registration form", () => {
  beforeEach(() => sessionStorage.clear());

  it("asks for every required field and sends nothing", async () => {
    const api = serve();
    const { user } = await openForm();

    await user.click(createButton());
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXT.fillAllRequired);

    // Everything but the first name (spaces only) is still incomplete.
    await submit(user, { ...complete, firstName: "   " });
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXT.fillAllRequired);
    expect(api.callsTo(SIGN_UP)).toHaveLength(0);
  });

  it.each([
    ["refuses an email address that is not one", { email: "nora@example" }, AUTH_TEXT.invalidEmail],
    ["says when the two passwords differ", { confirmPassword: `${GOOD_PASSWORD}!` }, AUTH_TEXT.passwordsDoNotMatch],
    ["requires agreeing to the Terms of Service", { terms: false }, AUTH_TEXT.mustAgreeTerms],
    ["requires acknowledging the AI's limitations", { ai: false }, AUTH_TEXT.mustAcknowledgeAi],
  ])("%s", async (_title, change: Entry, message) => {
    const api = serve();
    const { user } = await openForm();
    await submit(user, { ...complete, ...change });
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(api.callsTo(SIGN_UP)).toHaveLength(0);
  });

  it("holds the password to the server's minimum length, not the built-in one", async () => {
    const api = serve();
    const { user } = await openForm();
    const short = "x".repeat(MIN_LENGTH - 1);
    await submit(user, { ...complete, password: short, confirmPassword: short });
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXT.passwordTooShort(MIN_LENGTH));

    // Exactly the minimum is enough: the next rule (the agreements) is what stops it now.
    await submit(user, { password: "x", confirmPassword: "x", terms: true });
    expect(screen.getByRole("alert")).not.toHaveTextContent(AUTH_TEXT.passwordTooShort(MIN_LENGTH));
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXT.mustAgreeTerms);
    expect(api.callsTo(SIGN_UP)).toHaveLength(0);
  });

  it("shows the server's message when it refuses the sign-up", async () => {
    const api = serve();
    api.routes[SIGN_UP] = () => apiError(422, ERROR_CODES.emailTaken, AUTH_TEXT.emailTaken);
    const { router, user } = await openForm();
    await submit(user, complete);
    expect(await screen.findByRole("alert")).toHaveTextContent(AUTH_TEXT.emailTaken);
    expect(router.state.location.pathname).toBe("/register");
  });

  it("shows its own text, not the server's, when the server fails", async () => {
    const api = serve();
    api.routes[SIGN_UP] = () => apiError(500, ERROR_CODES.internal, "stack trace details");
    const { user } = await openForm();
    await submit(user, complete);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(AUTH_TEXT.registrationFailed);
    expect(alert).not.toHaveTextContent("stack trace details");
  });

  // The page once left its button busy after a refused sign-up, so the visitor could not retry.
  it("lets the visitor try again after the server refused the sign-up", async () => {
    const api = serve();
    api.routes[SIGN_UP] = () => apiError(422, ERROR_CODES.emailTaken, AUTH_TEXT.emailTaken);
    const { user } = await openForm();
    await submit(user, complete);
    await screen.findByRole("alert");
    expect(createButton()).toBeEnabled();
  });

  it("creates the account with the typed details and opens the dashboard", async () => {
    const api = serve();
    const { router, user } = await openForm();
    await submit(user, { ...complete, email: "  new@example.com ", firstName: " Nora  " });

    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(api.callsTo(SIGN_UP)).toEqual([
      {
        method: "POST",
        path: "/api/auth/sign-up/email",
        body: {
          email: "new@example.com",
          password: GOOD_PASSWORD,
          firstName: "Nora",
          lastName: "",
          acceptTerms: true,
          acknowledgeAi: true,
          rememberMe: true,
        },
      },
    ]);
    expect(api.unmatched).toEqual([]);
  });

  it("goes back to the page the visitor was sent away from", async () => {
    serve();
    sessionStorage.setItem("lawguide.returnTo", "/cases/c42");
    const { router, user } = await openForm();
    await submit(user, complete);
    expect(await screen.findByRole("heading", { name: "A case" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/cases/c42");
  });

  it("asks the visitor to check their e-mail when the sign-up waits for verification, and resends the link", async () => {
    const api = serve({ sessionOnSignUp: false });
    const { router, user } = await openForm();
    await submit(user, complete);
    expect(await screen.findByText("Check your email")).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`It went to ${complete.email}`))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/register");
    expect(api.callsTo(SIGN_IN)).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Send the link again" }));
    expect(await screen.findByText(`A new link is on its way to ${complete.email}.`)).toBeInTheDocument();
    expect(api.callsTo(RESEND).map((call) => call.body)).toEqual([{ email: complete.email }]);
  });
});

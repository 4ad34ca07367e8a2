import type { APIRequestContext } from "@playwright/test";
import type { RunningServer } from "../factories/server-process";
import { totpCode, totpSecret } from "../factories/totp";
import { test as base, DEMO, expect, expectAccessible, newMember, ownServer, submitRegistration } from "./fixtures";

/**
 * E-mail verification and two-factor sign-in, switched on, in the browser: a new member signs up,
 * follows the link from the outbox, turns on an authenticator, signs out and back in with a code.
 * The switches hold administrators too, so these journeys run on a server of their own.
 */
const test = base.extend<object, { ownServer: RunningServer }>({
  ownServer: ownServer("verification-2fa"),
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

/** The administrator's API on this server, two-factor enrolled (the switch holds them too). */
async function enrolledAdmin(request: APIRequestContext, origin: string) {
  const headers = { origin };
  expect((await request.post("/api/auth/sign-in/email", { data: DEMO.admin, headers })).status()).toBe(200);
  const switched = await request.put("/api/admin/settings/security", {
    data: { requireEmailVerification: true, enableTwoFactor: true },
    headers,
  });
  expect(switched.status(), await switched.text()).toBe(200);
  const enabled = await request.post("/api/auth/two-factor/enable", {
    data: { password: DEMO.admin.password },
    headers,
  });
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const code = totpCode(totpSecret(totpURI));
  expect((await request.post("/api/auth/two-factor/verify-totp", { data: { code }, headers })).status()).toBe(200);
}

/** The newest verification link mailed to `email`, read from the outbox as an administrator. */
async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const outbox = (await (await request.get("/api/admin/outbox")).json()) as {
        mails: { to: string; text: string }[];
      };
      link =
        outbox.mails
          .find((m) => m.to === email)
          ?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/)?.[0] ?? "";
      return link;
    }, `a verification link to ${email}`)
    .toBeTruthy();
  return new URL(link).pathname + new URL(link).search;
}

/** A code for `secret` that was not the last one used (a code is accepted once per 30 s window). */
async function freshCode(secret: Buffer, used: string | null): Promise<string> {
  let code = totpCode(secret);
  while (code === used) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    code = totpCode(secret);
  }
  return code;
}

test("sign up with verification on, follow the link, turn on two-factor, sign back in with a code", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL ?? "").origin;
  const admin = await playwright.request.newContext({ baseURL });
  await enrolledAdmin(admin, origin);

  // Sign-up: no session yet, a link to follow.
  const member = newMember("verified");
  await submitRegistration(page, member);
  await expect(page.getByText("Check your email", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expectAccessible(page, "check your email");

  // The link signs the member in and says so.
  await page.goto(await verificationLink(admin, member.email));
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { name: "Your email address is verified" })).toBeVisible();
  await expectAccessible(page, "email verified");
  await page.getByRole("link", { name: "Continue to LawGuide" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // Two-factor from the profile: password, QR code and key, a first code, the backup codes.
  await page.goto("/dashboard/profile");
  await page.getByRole("button", { name: "Turn On" }).click();
  const dialog = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
  await dialog.getByLabel("Password", { exact: true }).fill(member.password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectAccessible(page, "two-factor: scan");
  const key = (await dialog.locator("p.font-mono").textContent())?.replace(/\s+/g, "") ?? "";
  const secret = totpSecret(`otpauth://totp/x?secret=${key}`);
  const enrolCode = totpCode(secret);
  await dialog.getByLabel("Code from the app").fill(enrolCode);
  await dialog.getByRole("button", { name: "Verify and Turn On" }).click();
  await expect(dialog.getByText("Save your backup codes now: they are shown only once.")).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveCount(10);
  await dialog.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(page.getByRole("region", { name: "Two-factor sign-in" }).getByText("On", { exact: true })).toBeVisible();

  // Signed out and back in: the password, then a code.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await expectAccessible(page, "sign-in code");
  await page.getByLabel("Authentication code").fill(await freshCode(secret, enrolCode));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await admin.dispose();
});

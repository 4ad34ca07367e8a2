import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, signInByApi, test, withApi } from "./fixtures";

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the `targets` that are on screen now. */
async function onScreen(page: Page, targets: Locator): Promise<Box[]> {
  const height = page.viewportSize()?.height ?? 0;
  const boxes: Box[] = [];
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (box && box.y + box.height > 0 && box.y < height) boxes.push(box);
  }
  return boxes;
}

/** Names of people made for this file, in letters only (names take letters). */
const stamp = String(Date.now())
  .slice(-6)
  .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "");
const PEOPLE = Array.from({ length: 6 }, (_, i) => ({
  email: `toast-${stamp}-${i}@example.com`,
  firstName: `Toast${"abcdef"[i]}`,
  lastName: `Placement${stamp}`,
  password: "a-strong-password",
}));

test.describe("toasts in the admin lists", () => {
  test.beforeAll(async () => {
    await withApi(async (admin) => {
      for (const person of PEOPLE) {
        const created = await admin.post("/api/admin/users", { data: person });
        expect(created.status(), `${person.email} added`).toBe(201);
      }
    }, DEMO.admin);
  });

  test.afterAll(async () => {
    await withApi(async (admin) => {
      const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(`toast-${stamp}`)}`);
      for (const { id } of ((await found.json()) as { users: { id: string }[] }).users) {
        await admin.delete(`/api/admin/users/${id}`);
      }
    }, DEMO.admin);
  });

  for (const width of [1280, 375] as const) {
    test(`cover no row's Edit or Delete at ${width} px, even with the rows right under the header`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await signInByApi(page, DEMO.admin);
      await page.goto("/admin/dashboard?section=users");
      await expect(page.getByText(/^Showing 1–/)).toBeVisible();
      // This file's people only (the others' journeys add members all the time), with room below
      // the list to scroll any row of it up to the header, as in a long list.
      await page.getByPlaceholder("Search users by name or email...").fill(`toast-${stamp}`);
      await expect(page.getByText(`Showing 1–${PEOPLE.length} of ${PEOPLE.length}`)).toBeVisible();
      await page.evaluate(() => {
        const main = document.getElementById("main");
        if (main) main.style.paddingBottom = "100vh";
      });

      // A row of the list scrolled up to the header's lower edge, where a toast would fall.
      const person = PEOPLE[width === 375 ? 1 : 2] ?? PEOPLE[0];
      const name = `${person?.firstName} ${person?.lastName}`;
      const edit = page.getByRole("button", { name: `Edit user: ${name}` });
      await edit.scrollIntoViewIfNeeded();
      const header = await page.getByRole("banner").boundingBox();
      const before = await edit.boundingBox();
      if (!header || !before) throw new Error("the header or the Edit button has no box");
      await page.evaluate((by) => window.scrollBy(0, by), before.y - (header.y + header.height) - 4);
      await expect
        .poll(async () => Math.round((await edit.boundingBox())?.y ?? 0))
        .toBeLessThanOrEqual(Math.round(header.height) + 12);

      await edit.click();
      const dialog = page.getByRole("dialog", { name: "Edit User" });
      await dialog.getByLabel("Profession").fill(`Paralegal ${width}`);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog).toBeHidden();

      const toast = page.locator("li").filter({ hasText: `Changes to ${name} were saved.` });
      await expect(toast).toBeVisible();
      const box = await toast.boundingBox();
      if (!box) throw new Error("the toast has no box");
      const actions = await onScreen(page, page.getByRole("button", { name: /^(Edit|Delete) user: / }));
      expect(actions.length, "row actions on screen").toBeGreaterThan(0);
      for (const action of actions) expect(overlaps(box, action), JSON.stringify({ box, action })).toBe(false);
      // Nor does it cover the page's heading or search: it lies in the header's band.
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height + 1);
    });
  }
});

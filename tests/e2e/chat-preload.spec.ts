import type { Page } from "@playwright/test";
import { anotherPage, expect, memberWithCase, sameOrigin, test } from "./fixtures";

/**
 * The server preloads a case chat's answers (who is signed in, the case, its latest messages) with
 * the page's HTML (src/server/http/static.ts), so they arrive with the page's code, not after it.
 */

/** The API requests a page makes, by path, counted as they leave (the preloads among them). */
function countApiRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
  });
  return counts;
}

/** The browser's warnings about preloads (one not used, or not matched by the page's own request). */
function preloadWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

/** When the page's resources started and finished loading (ms from the navigation's start). */
function resourceTimes(page: Page) {
  return page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => {
      const { name, initiatorType, startTime, responseEnd } = entry as PerformanceResourceTiming;
      return { path: new URL(name).pathname, initiatorType, startTime, responseEnd };
    }),
  );
}

const chatRequests = (caseId: string) => ["/api/me", `/api/cases/${caseId}`, `/api/cases/${caseId}/messages`];

test.describe("case chat preload", () => {
  test("a first load asks for the case and its messages once, with the HTML, before the page's code has arrived", async ({
    page,
  }) => {
    const { caseId } = await memberWithCase(page, { asking: "My landlord kept my deposit. What can I do?" });
    const second = await page.request.post(`/api/cases/${caseId}/messages`, {
      data: { content: "And if the lease says otherwise?" },
      headers: sameOrigin(),
    });
    expect(await second.text()).toContain("event: done");

    const counts = countApiRequests(page);
    const warnings = preloadWarnings(page);
    await page.goto(`/dashboard/case/${caseId}`);
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByText("My landlord kept my deposit. What can I do?", { exact: true })).toBeVisible();
    await expect(conversation.getByText("And if the lease says otherwise?", { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Your message" })).toBeVisible();

    // Each asked once: the page's own fetch() took the preloaded answer.
    for (const path of chatRequests(caseId)) expect(counts.get(path), path).toBe(1);
    const times = await resourceTimes(page);
    const messages = times.find((t) => t.path === `/api/cases/${caseId}/messages`);
    const pageCode = times.find((t) => /\/CaseChatPage-[^/]+\.js$/.test(t.path));
    expect(messages?.initiatorType, "the messages come from the HTML's preload").toBe("link");
    expect(pageCode, "the chat page's code").toBeDefined();
    // Early: asked for with the HTML, before the page's own code had even arrived (it used to be
    // code, then the session, then the data). Over HTTP/1.1 it may still wait for one of the six
    // connections behind the scripts, which the server lists first.
    expect(messages?.startTime ?? Number.POSITIVE_INFINITY).toBeLessThan(pageCode?.responseEnd ?? 0);
    for (const path of chatRequests(caseId)) {
      expect(
        times.filter((t) => t.path === path).map((t) => t.initiatorType),
        path,
      ).toEqual(["link"]);
    }

    // The conversation works on from there: a new question is asked and answered.
    await page.getByRole("textbox", { name: "Your message" }).fill("What should I write to them?");
    await page.getByRole("textbox", { name: "Your message" }).press("Enter");
    await expect(conversation.getByText("What should I write to them?", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });
    expect(warnings).toEqual([]);
  });

  test("a first load goes from one loading screen straight to the conversation", async ({ page }) => {
    const { caseId } = await memberWithCase(page, { asking: "My landlord kept my deposit. What can I do?" });
    // Every full-screen 'Loading...' put into the page, counted from before its first byte. The
    // session's wait shows one; a page drawn through React.lazy used to show a second one (its
    // Suspense fallback) and hold the page back 300 ms after it, though its code was preloaded.
    await page.addInitScript(() => {
      const seen = new Set<Node>();
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('p[role="status"]'))
          if (status.textContent === "Loading..." && !seen.has(status)) seen.add(status);
        (window as unknown as { loadingScreens: number }).loadingScreens = seen.size;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/dashboard/case/${caseId}`);
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByText("My landlord kept my deposit. What can I do?", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { loadingScreens?: number }).loadingScreens ?? 0)).toBe(1);

    // Moving to another page of the layout and back draws each page, never the one left.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Help" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Help");
    await expect(conversation).toHaveCount(0);
    await page.goBack();
    await expect(conversation.getByText("My landlord kept my deposit. What can I do?", { exact: true })).toBeVisible();
  });

  test("a case that does not exist, or is another member's, still shows the page's not-found state", async ({
    page,
    browser,
  }) => {
    const { caseId } = await memberWithCase(page, { titled: "Someone else's deposit" });
    const counts = countApiRequests(page);
    const missing = "0f5e8a3c-6d2b-4e1f-9a7c-3b8d5e2f1a6c";
    await page.goto(`/dashboard/case/${missing}`);
    await expect(page.getByRole("heading", { name: "Case not found" })).toBeVisible();
    for (const path of chatRequests(missing)) expect(counts.get(path), path).toBe(1);

    // Another member opening this member's case gets the not-found page too, and nothing of it.
    const other = await anotherPage(browser);
    try {
      await memberWithCase(other, { titled: "My own case" });
      const otherCounts = countApiRequests(other);
      const reading: Promise<string>[] = [];
      other.on("response", (response) => {
        if (new URL(response.url()).pathname.startsWith(`/api/cases/${caseId}`)) {
          reading.push(response.text().then((body) => `${response.status()} ${body}`));
        }
      });
      await other.goto(`/dashboard/case/${caseId}`);
      await expect(other.getByRole("heading", { name: "Case not found" })).toBeVisible();
      await expect(other.getByText("Someone else's deposit")).toHaveCount(0);
      for (const path of chatRequests(caseId)) expect(otherCounts.get(path), path).toBe(1);
      const answers = await Promise.all(reading);
      expect(answers).toHaveLength(2);
      for (const answer of answers) {
        expect(answer).toMatch(/^404 /);
        expect(answer).not.toContain("Someone else's deposit");
      }
    } finally {
      await other.context().close();
    }
  });

  test("a visitor's page preloads nothing, and is sent to the landing page", async ({ page }) => {
    const counts = countApiRequests(page);
    const html = await (await page.request.get("/dashboard/case/0f5e8a3c-6d2b-4e1f-9a7c-3b8d5e2f1a6c")).text();
    expect(html).not.toContain('rel="preload" as="fetch"');
    await page.goto("/dashboard/case/0f5e8a3c-6d2b-4e1f-9a7c-3b8d5e2f1a6c");
    await expect(page).toHaveURL(/\/welcome$/);
    expect([...counts.keys()].filter((path) => path.startsWith("/api/cases/"))).toEqual([]);
  });
});

import { ToastProvider } from "@client/components/ui/Toast";
import { PROFILE_TEXT } from "@shared/messages";
import { DATA_EXPORT } from "@shared/schemas/profile";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeApi, json, type Route, sessionUser } from "@tests/factories/fake-api";
import { renderRoutes } from "@tests/factories/render-app";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProfilePage } from "./ProfilePage";

const HEAD_EXPORT = `HEAD ${DATA_EXPORT.path}`;

/** Links the page clicks to download (kept from navigating: jsdom does not download). */
let clicked: Array<{ href: string; download: string | null }> = [];
function onClick(event: MouseEvent) {
  const target = event.target;
  if (target instanceof HTMLAnchorElement) {
    clicked.push({ href: target.getAttribute("href") ?? "", download: target.getAttribute("download") });
    event.preventDefault();
  }
}
beforeEach(() => {
  clicked = [];
  document.addEventListener("click", onClick, true);
});
afterEach(() => document.removeEventListener("click", onClick, true));

/** The profile page of a signed-in member, the export's HEAD answered by `head`. */
async function showProfile(head: Route) {
  const user = sessionUser();
  const api = fakeApi({
    "GET /api/me": () => json({ user }),
    "GET /api/profile": () =>
      json({
        user,
        stats: { activeCases: 0, totalCases: 0, documents: 0, memberSince: user.createdAt },
        subscription: null,
      }),
    [HEAD_EXPORT]: head,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderRoutes(
    [
      {
        path: "/",
        element: (
          <QueryClientProvider client={client}>
            <ToastProvider>
              <ProfilePage onChangePassword={() => {}} renderSubscription={() => null} />
            </ToastProvider>
          </QueryClientProvider>
        ),
      },
    ],
    "/",
  );
  const button = await screen.findByRole("button", { name: /Data Export/ });
  return { api, button, user: userEvent.setup() };
}

const refused = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

describe("Data Export on the profile page", () => {
  it("asks the server first, then lets the browser download the ZIP to disk through a link", async () => {
    let answer: (response: Response) => void = () => {};
    const { api, button, user } = await showProfile(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(button).toHaveTextContent("ZIP file");

    await user.click(button);
    // Busy while the server is asked: one click, one export.
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveTextContent("Preparing your data…");
    expect(clicked).toEqual([]);

    answer(new Response(null, { status: 200, headers: { "content-type": "application/zip" } }));
    expect(await screen.findByText(PROFILE_TEXT.exportStarted)).toBeInTheDocument();
    expect(clicked).toEqual([{ href: DATA_EXPORT.path, download: "" }]);
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute("aria-busy", "false");
    // The archive itself is never fetched into the page.
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).not.toContain(`GET ${DATA_EXPORT.path}`);
    expect(api.callsTo(HEAD_EXPORT)).toHaveLength(1);
  });

  it("says when the hourly limit allows the next export, and downloads nothing", async () => {
    const { button, user } = await showProfile(() => refused(429, { "retry-after": "1500" }));
    await user.click(button);
    expect(await screen.findByText(PROFILE_TEXT.exportLimited(DATA_EXPORT.perHour, 1500))).toBeInTheDocument();
    expect(PROFILE_TEXT.exportLimited(DATA_EXPORT.perHour, 1500)).toBe(
      "You can export your data 5 times an hour. Please try again in 25 minutes.",
    );
    expect(clicked).toEqual([]);
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("says an export is already downloading, or that it failed", async () => {
    const answers = [refused(409), refused(500)];
    const { button, user } = await showProfile(() => answers.shift() ?? refused(500));
    await user.click(button);
    expect(await screen.findByText(PROFILE_TEXT.exportRunning)).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText(PROFILE_TEXT.exportFailed)).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});

import { ADMIN_TEXT } from "@shared/messages";
import { DEFAULT_SETTINGS, type SystemSettings } from "@shared/schemas/settings";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json, publicSettings, type Route } from "@tests/factories/fake-api";
import { renderSection } from "@tests/factories/render-section";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SettingsSection } from "./SettingsSection";

// The switches (Radix) measure themselves; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const clone = (): SystemSettings => structuredClone(DEFAULT_SETTINGS);

function serve(routes: { get?: Route; save?: Route } = {}) {
  return fakeApi({
    "GET /api/admin/settings": routes.get ?? (() => json({ settings: clone() })),
    "PATCH /api/admin/settings": routes.save ?? (() => json({ settings: clone() })),
    "GET /api/settings/public": () => json(publicSettings()),
  });
}

function renderSettings() {
  renderSection(<SettingsSection />);
  return userEvent.setup();
}

const saveButton = () => screen.getByRole("button", { name: /^(Save Changes|Saving\.\.\.)$/ });
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

describe("the Settings section", () => {
  it("shows a skeleton of 4 rows while loading, then the five tabs with General selected", async () => {
    let answer: (response: Response) => void = () => {};
    serve({ get: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderSettings();
    expect(await screen.findByText("Loading settings")).toBeInTheDocument();
    expect(document.querySelectorAll('[aria-busy="true"] > .animate-pulse')).toHaveLength(4);
    answer(json({ settings: clone() }));
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual([
      "General",
      "AI Settings",
      "Subscriptions",
      "Security",
      "Notifications",
    ]);
    expect(screen.getByRole("tab", { name: "General" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Site name")).toHaveValue("LawGuide");
  });

  it("moves between tabs with the arrow keys (roving focus)", async () => {
    serve();
    const user = renderSettings();
    const general = await screen.findByRole("tab", { name: "General" });
    expect(general).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("tab", { name: "Security" })).toHaveAttribute("tabindex", "-1");
    general.focus();
    await user.keyboard("{ArrowRight}");
    const ai = screen.getByRole("tab", { name: "AI Settings" });
    expect(ai).toHaveFocus();
    expect(ai).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Free user message limit (messages)")).toBeVisible();
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Notifications" })).toHaveFocus();
  });

  it("keeps Save disabled without changes, says 'You have unsaved changes', saves only what changed", async () => {
    const api = serve({
      save: () => json({ settings: { ...clone(), ai: { ...clone().ai, freeUserMessageLimit: 12 } } }),
    });
    const user = renderSettings();
    await screen.findByRole("tab", { name: "General" });
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByText("You have unsaved changes")).toBeNull();
    await user.click(screen.getByRole("tab", { name: "AI Settings" }));
    const limit = screen.getByLabelText("Free user message limit (messages)");
    await user.clear(limit);
    await user.type(limit, "12");
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: /AI Settings.*changed/ })).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    expect(await screen.findByText(ADMIN_TEXT.settingsSaved)).toBeInTheDocument();
    expect(api.callsTo("PATCH /api/admin/settings").map((c) => c.body)).toEqual([{ ai: { freeUserMessageLimit: 12 } }]);
    expect(screen.queryByText("You have unsaved changes")).toBeNull();
    expect(saveButton()).toBeDisabled();
    expect(screen.getByLabelText("Free user message limit (messages)")).toHaveValue(12);
  });

  it("reads 'Saving...' while saving, and says 'Failed to save settings. Please try again.' on failure", async () => {
    let fail: () => void = () => {};
    serve({
      save: () =>
        new Promise<Response>((resolve) => {
          fail = () => resolve(apiError(500, "INTERNAL", "An unexpected error occurred"));
        }),
    });
    const user = renderSettings();
    await user.click(await screen.findByRole("switch", { name: "Allow registration" }));
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent("Saving...");
    expect(saveButton()).toBeDisabled();
    fail();
    expect(await screen.findByText(ADMIN_TEXT.saveSettingsFailed)).toBeInTheDocument();
    expect(saveButton()).toHaveTextContent("Save Changes");
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
  });

  it("checks the bounds inline, tied to the field, and saves nothing until they are met", async () => {
    const api = serve();
    const user = renderSettings();
    await user.click(await screen.findByRole("tab", { name: "Security" }));
    const timeout = screen.getByLabelText("Session timeout (hours)");
    await user.clear(timeout);
    await user.type(timeout, "169");
    expect(timeout).toHaveAttribute("aria-invalid", "true");
    expect(describedBy(timeout)).toContain("Session timeout must be a whole number from 1 to 168 hours.");
    // Saving from another tab brings the refused field back into view, focused.
    await user.click(screen.getByRole("tab", { name: /General/ }));
    await user.click(saveButton());
    expect(screen.getByRole("tab", { name: /Security/ })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Session timeout (hours)")).toHaveFocus();
    expect(screen.getByText(/One setting needs fixing/)).toBeInTheDocument();
    expect(api.callsTo("PATCH /api/admin/settings")).toHaveLength(0);
    await user.clear(timeout);
    await user.type(timeout, "168");
    expect(timeout).not.toHaveAttribute("aria-invalid");
  });

  it("shows the server's refusal under the field it names", async () => {
    serve({
      save: () =>
        json(
          {
            error: {
              code: "INVALID_INPUT",
              message: "Support e-mail must be an e-mail address, like name@example.com.",
              fields: { "general.supportEmail": "Support e-mail must be an e-mail address, like name@example.com." },
            },
          },
          400,
        ),
    });
    const user = renderSettings();
    const name = await screen.findByLabelText("Site name");
    await user.type(name, " Plus");
    await user.click(saveButton());
    expect(await screen.findByText(ADMIN_TEXT.saveSettingsFailed)).toBeInTheDocument();
    const email = screen.getByLabelText("Support e-mail");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(describedBy(email)).toContain("Support e-mail must be an e-mail address");
  });

  it("marks the settings that change nothing yet 'Not in effect yet', read with the field", async () => {
    serve();
    const user = renderSettings();
    const upload = await screen.findByLabelText("Max file upload size (MB)");
    // Uploads read this limit, so it is in force.
    expect(describedBy(upload)).not.toContain("Not in effect yet");
    expect(describedBy(screen.getByLabelText("Site name"))).not.toContain("Not in effect yet");
    // E-mail verification and two-factor sign-in are in force.
    await user.click(screen.getByRole("tab", { name: "Security" }));
    const security = screen.getByRole("tabpanel", { name: "Security" });
    for (const name of ["Require e-mail verification", "Two-factor sign-in"]) {
      expect(describedBy(within(security).getByRole("switch", { name }))).not.toContain("Not in effect yet");
    }
    expect(within(security).queryAllByText("Not in effect yet")).toHaveLength(0);
    // Stripe invoices by itself: the invoicing switch changes nothing yet.
    await user.click(screen.getByRole("tab", { name: "Subscriptions" }));
    const subscription = screen.getByRole("tabpanel", { name: "Subscriptions" });
    expect(describedBy(within(subscription).getByRole("switch", { name: "Automatic invoicing" }))).toContain(
      "Not in effect yet",
    );
    expect(within(subscription).getAllByText("Not in effect yet")).toHaveLength(1);
  });

  it("describes every setting in plain sentences, with no placeholder or stand-in number left to decode", async () => {
    serve();
    const user = renderSettings();
    const upload = await screen.findByLabelText("Max file upload size (MB)");
    expect(describedBy(upload)).toContain("The largest file a member may upload.");
    expect(describedBy(upload)).toContain("a message that names this limit");
    for (const tab of screen.getAllByRole("tab")) {
      await user.click(tab);
      const panel = screen.getByRole("tabpanel", { name: tab.textContent ?? "" });
      for (const input of [...within(panel).queryAllByRole("textbox"), ...within(panel).queryAllByRole("spinbutton")]) {
        expect(describedBy(input)).not.toMatch(/\{\w*\}|in place of/);
      }
      for (const input of within(panel).queryAllByRole("switch")) {
        expect(describedBy(input)).not.toMatch(/\{\w*\}|in place of/);
      }
    }
  });

  it("says so when the settings cannot be loaded, and tries again", async () => {
    let fail = true;
    serve({ get: () => (fail ? apiError(500, "INTERNAL", "x") : json({ settings: clone() })) });
    const user = renderSettings();
    expect(await screen.findByText("The settings could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Site name")).toBeInTheDocument();
  });
});

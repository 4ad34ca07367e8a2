import { apiFetch } from "@client/lib/api";
import { refreshPublicSettings } from "@client/lib/public-settings";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json, publicSettings } from "@tests/factories/fake-api";
import { describe, expect, it } from "vitest";
import { type GateSession, MaintenanceGate } from "./MaintenanceGate";

const MEMBER: GateSession = { loading: false, user: { isAdmin: false } };
const ADMIN: GateSession = { loading: false, user: { isAdmin: true } };

async function serve(maintenanceMode: boolean, me: { isAdmin: boolean } | null = null) {
  const api = fakeApi({
    "GET /api/settings/public": () =>
      json(publicSettings({ maintenanceMode, siteName: "Acme Legal", supportEmail: "help@acme.example" })),
    "GET /api/me": () => json({ user: me }),
  });
  // The settings are kept for the page's life: read them again for each test.
  await refreshPublicSettings();
  return api;
}

function renderGate(path: string, session?: GateSession) {
  render(
    <MaintenanceGate path={path} {...(session ? { session } : {})}>
      <p>The page itself</p>
    </MaintenanceGate>,
  );
}

describe("maintenance mode in the browser", () => {
  it("shows visitors and members the maintenance page, with the site's name and support address", async () => {
    await serve(true);
    renderGate("/dashboard/cases", MEMBER);
    expect(await screen.findByRole("heading", { name: "Acme Legal is down for maintenance" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "help@acme.example" })).toHaveAttribute("href", "mailto:help@acme.example");
    expect(screen.queryByText("The page itself")).toBeNull();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    // A signed-in member is not offered the administrators' sign-in.
    expect(screen.queryByRole("link", { name: "Administrator sign-in" })).toBeNull();
    // The title is set in an effect, which may run after the heading is on screen.
    await waitFor(() => expect(document.title).toBe("Down for maintenance · Acme Legal"));
  });

  it("lets anyone reach the sign-in page, which says only administrators get in", async () => {
    await serve(true);
    renderGate("/login", { loading: false, user: null });
    expect(await screen.findByText("Only administrators can sign in during maintenance.")).toBeInTheDocument();
    expect(screen.getByText("The page itself")).toBeInTheDocument();
  });

  it("lets administrators work, under a banner", async () => {
    await serve(true);
    renderGate("/admin/dashboard", ADMIN);
    expect(await screen.findByText(/Maintenance mode is on/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Turn it off in Settings" })).toHaveAttribute(
      "href",
      "/admin/dashboard?section=settings",
    );
    expect(screen.getByText("The page itself")).toBeInTheDocument();
  });

  it("keeps an administrator's page as it is when maintenance is turned on (nothing typed is lost)", async () => {
    const api = await serve(false);
    render(
      <MaintenanceGate path="/admin/dashboard" session={ADMIN}>
        <input aria-label="Draft" />
      </MaintenanceGate>,
    );
    const draft = screen.getByLabelText("Draft");
    await userEvent.setup().type(draft, "half-typed");
    api.routes["GET /api/settings/public"] = () => json(publicSettings({ maintenanceMode: true }));
    await act(() => refreshPublicSettings());
    expect(await screen.findByText(/Maintenance mode is on/)).toBeInTheDocument();
    expect(screen.getByLabelText("Draft")).toBe(draft);
    expect(draft).toHaveValue("half-typed");
  });

  it("asks the server who is signed in where the page has no session (the landing page)", async () => {
    await serve(true, { isAdmin: true });
    renderGate("/welcome");
    expect(await screen.findByText(/Maintenance mode is on/)).toBeInTheDocument();
    expect(screen.getByText("The page itself")).toBeInTheDocument();
  });

  it("shows the page as usual when maintenance is off", async () => {
    const api = await serve(false);
    renderGate("/welcome");
    expect(await screen.findByText("The page itself")).toBeInTheDocument();
    // Once the settings are in, the page stays and nobody is asked who is signed in.
    await act(() => refreshPublicSettings());
    expect(screen.getByText("The page itself")).toBeInTheDocument();
    expect(api.callsTo("GET /api/me")).toHaveLength(0);
  });

  it("switches to the maintenance page when the API says the site went down", async () => {
    const api = await serve(false);
    renderGate("/dashboard/cases", MEMBER);
    expect(await screen.findByText("The page itself")).toBeInTheDocument();
    api.routes["GET /api/settings/public"] = () => json(publicSettings({ maintenanceMode: true }));
    api.routes["GET /api/cases"] = () => apiError(503, "MAINTENANCE", "LawGuide is down for maintenance.");
    await act(async () => {
      await apiFetch("/api/cases").catch(() => {});
    });
    expect(await screen.findByRole("heading", { name: "LawGuide is down for maintenance" })).toBeInTheDocument();
  });
});

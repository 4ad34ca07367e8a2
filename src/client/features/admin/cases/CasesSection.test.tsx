import { ADMIN_TEXT } from "@shared/messages";
import type { AdminCase, AdminCaseList } from "@shared/schemas/admin-cases";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json, type Route } from "@tests/factories/fake-api";
import { renderSection } from "@tests/factories/render-section";
import { describe, expect, it, vi } from "vitest";
import { CasesSection } from "./CasesSection";

const CASE: AdminCase = {
  id: "11111111-1111-4111-8111-111111111111",
  title: "Deposit not returned",
  description: "",
  category: null,
  complexity: null,
  estimatedValue: null,
  status: "active",
  assignedAttorney: null,
  messageCount: 0,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-02T10:00:00.000Z",
  lastMessageAt: null,
  userId: "u1",
  userEmail: "mia@example.com",
  userName: "Mia Chen",
};
const PATH = `/api/admin/cases/${CASE.id}`;

const listOf = (...cases: AdminCase[]): AdminCaseList => ({ cases, total: cases.length, page: 1, pageSize: 25 });

function setup(routes: Record<string, Route>) {
  const api = fakeApi({
    "GET /api/admin/cases": () => json(listOf(CASE)),
    "GET /api/admin/cases/stats": () => json({ active: 1, referred: 0, archived: 0, complex: 0, total: 1 }),
    [`GET ${PATH}`]: () => json({ case: CASE }),
    [`GET ${PATH}/messages`]: () => json({ messages: [], nextCursor: null }),
    ...routes,
  });
  renderSection(<CasesSection />);
  return api;
}

/** A response the test releases when it wants. */
function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { route: (() => promise) as Route, release };
}

/** The table row of CASE, once the list has loaded. */
async function findRow() {
  const table = await screen.findByRole("region", { name: "Cases table" }, { timeout: 5000 });
  const name = await within(table).findByText("Mia Chen", {}, { timeout: 5000 });
  return name.closest("tr") as HTMLElement;
}

async function openCase(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(await findRow()).getByRole("button", { name: `View Case: ${CASE.title}` }));
  return screen.findByRole("dialog", { name: CASE.title });
}

describe("the admin Cases section", () => {
  it("shows the tiles, the row and the spec's fallbacks in the modal", async () => {
    setup({});
    const user = userEvent.setup();
    expect(await findRow()).toHaveTextContent("mia@example.com");
    expect(screen.getByPlaceholderText("Search cases by title, user, or description...")).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "All Status" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "All Complexity" })).toBeInTheDocument();
    const dialog = await openCase(user);
    const view = within(dialog);
    expect(view.getByText(`Case ID: ${CASE.id}`)).toBeInTheDocument();
    expect(view.getByText("No description provided")).toBeInTheDocument();
    expect(view.getByText("Uncategorized")).toBeInTheDocument();
    expect(view.getAllByText("Not set").length).toBeGreaterThan(0);
    expect(view.getByText("Not estimated")).toBeInTheDocument();
    expect(view.getByPlaceholderText("Enter attorney name")).toBeInTheDocument();
    expect(await view.findByText("No messages in this case")).toBeInTheDocument();
  });

  it("shows the assistant's answers as the member read them, never as raw Markdown", async () => {
    const at = "2026-11-24T10:00:00.000Z";
    setup({
      [`GET ${PATH}/messages`]: () =>
        json({
          messages: [
            {
              id: "m1",
              content: "Is **this** binding?",
              isUser: true,
              createdAt: at,
              aiProvider: null,
              aiModel: null,
              attachments: [],
            },
            {
              id: "m2",
              content: "**Landlord and tenant**\n\n- Read [the statute](https://example.com/statute)",
              isUser: false,
              createdAt: at,
              aiProvider: "offline",
              aiModel: "lawguide-offline",
              attachments: [],
            },
          ],
          nextCursor: null,
        }),
    });
    const user = userEvent.setup();
    const view = within(await openCase(user));
    const answer = await view.findByRole("article", { name: "Assistant's message" });
    expect(within(answer).getByText("Landlord and tenant").tagName).toBe("STRONG");
    expect(within(answer).getByRole("link", { name: "the statute" })).toHaveAttribute(
      "href",
      "https://example.com/statute",
    );
    expect(answer).not.toHaveTextContent("**");
    expect(answer).toHaveTextContent(/· Offline assistant$/);
    expect(answer).not.toHaveTextContent("lawguide-offline");
    expect(answer).not.toHaveTextContent("built in");
    // The member's own words stay exactly as typed.
    expect(view.getByRole("article", { name: "Member's message" })).toHaveTextContent("Is **this** binding?");
  });

  it("sends the search and filters to the server", async () => {
    setup({});
    const user = userEvent.setup();
    await findRow();
    await user.type(screen.getByLabelText("Search cases"), "deposit");
    await user.selectOptions(screen.getByLabelText("Filter by status"), "referred");
    await user.selectOptions(screen.getByLabelText("Filter by complexity"), "complex");
    const listUrls = () =>
      vi
        .mocked(fetch)
        .mock.calls.map(([input]) => String(input))
        .filter((url) => url.startsWith("/api/admin/cases?") || url === "/api/admin/cases");
    await waitFor(() => expect(listUrls()).toContain("/api/admin/cases?q=deposit&status=referred&complexity=complex"));
    expect(listUrls()[0]).toBe("/api/admin/cases");
  });

  it("names what the status toggle changes a case to, for every status, and again after a toggle", async () => {
    const referred: AdminCase = {
      ...CASE,
      id: "22222222-2222-4222-8222-222222222222",
      title: "Unpaid wages",
      status: "referred",
      userName: "Ana Ruiz",
    };
    const archived: AdminCase = {
      ...CASE,
      id: "33333333-3333-4333-8333-333333333333",
      title: "Noisy neighbour",
      status: "archived",
      userName: "Sam Lee",
    };
    let toggled = false;
    setup({
      "GET /api/admin/cases": () => json(listOf(toggled ? { ...CASE, status: "archived" } : CASE, referred, archived)),
      [`POST ${PATH}/toggle-status`]: () => {
        toggled = true;
        return json({ case: { ...CASE, status: "archived" } });
      },
    });
    const user = userEvent.setup();
    const table = await screen.findByRole("region", { name: "Cases table" }, { timeout: 5000 });
    const toggle = (name: string) => within(table).findByRole("button", { name });
    expect(await toggle(`Set to Archived: ${CASE.title}`)).toHaveTextContent(/^Set to Archived$/);
    expect(await toggle("Set to Active: Unpaid wages")).toHaveTextContent(/^Set to Active$/);
    expect(await toggle("Set to Active: Noisy neighbour")).toHaveTextContent(/^Set to Active$/);
    expect(within(table).queryByText("Toggle Status")).toBeNull();
    await user.click(await toggle(`Set to Archived: ${CASE.title}`));
    expect(await toggle(`Set to Active: ${CASE.title}`)).toHaveTextContent(/^Set to Active$/);
  });

  it("keeps the row's status until the server confirms a toggle, and says so when it fails", async () => {
    const pending = deferred();
    setup({ [`POST ${PATH}/toggle-status`]: pending.route });
    const user = userEvent.setup();
    const row = await findRow();
    await user.click(within(row).getByRole("button", { name: `Set to Archived: ${CASE.title}` }));
    expect(within(row).getByText("Active")).toBeInTheDocument();
    pending.release(apiError(500, "INTERNAL", "An unexpected error occurred"));
    expect(await screen.findByRole("alert")).toHaveTextContent(ADMIN_TEXT.updateCaseStatusFailed);
    expect(within(row).getByText("Active")).toBeInTheDocument();
  });

  it("changes the status in the modal only once the server confirms; a failure uses the spec's text", async () => {
    const pending = deferred();
    const api = setup({ [`PATCH ${PATH}`]: pending.route });
    const user = userEvent.setup();
    const dialog = await openCase(user);
    const select = within(dialog).getByLabelText("Status");
    await user.selectOptions(select, "archived");
    expect(select).toHaveValue("active");
    expect(api.callsTo(`PATCH ${PATH}`)[0]?.body).toEqual({ status: "archived" });
    pending.release(json({ case: { ...CASE, status: "archived" } }));
    await waitFor(() => expect(within(dialog).getByLabelText("Status")).toHaveValue("archived"));

    api.routes[`PATCH ${PATH}`] = () => apiError(500, "INTERNAL", "An unexpected error occurred");
    await user.selectOptions(within(dialog).getByLabelText("Status"), "referred");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ADMIN_TEXT.updateCaseStatusFailed);
    expect(within(dialog).getByLabelText("Status")).toHaveValue("archived");
  });

  it("never assigns a typed name: only an attorney picked from the directory", async () => {
    const api = setup({
      "GET /api/admin/attorneys": () => json({ attorneys: [], total: 0 }),
      [`PATCH ${PATH}`]: () => json({ case: { ...CASE, status: "referred", assignedAttorney: "Somebody" } }),
    });
    const user = userEvent.setup();
    const dialog = await openCase(user);
    await user.type(within(dialog).getByLabelText("Assigned Attorney"), "Somebody Notinthedirectory");
    expect(
      await within(dialog).findByText(
        "No active attorney in the directory matches this name. Add them under Attorneys first.",
      ),
    ).toBeInTheDocument();
    const assign = within(dialog).getByRole("button", { name: "Assign Attorney" });
    expect(assign).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Assigned Attorney"), "{Enter}");
    expect(api.callsTo(`PATCH ${PATH}`)).toEqual([]);
  });

  it("picks an attorney from the directory's suggestions by id", async () => {
    const api = setup({
      "GET /api/admin/attorneys": () =>
        json({
          attorneys: [
            {
              id: "22222222-2222-4222-8222-222222222222",
              name: "Rita Moreno",
              firm: "Moreno LLP",
              specialties: ["Housing"],
              location: "Austin, TX",
              isActive: true,
              availability: "available",
            },
            {
              id: "33333333-3333-4333-8333-333333333333",
              name: "Rita Retired",
              firm: null,
              specialties: [],
              location: null,
              isActive: false,
              availability: "unavailable",
            },
          ],
          total: 2,
        }),
      [`PATCH ${PATH}`]: () => apiError(500, "INTERNAL", "An unexpected error occurred"),
    });
    const user = userEvent.setup();
    const dialog = await openCase(user);
    await user.type(within(dialog).getByLabelText("Assigned Attorney"), "rita");
    await user.click(await within(dialog).findByRole("button", { name: /Rita Moreno/ }));
    expect(within(dialog).queryByRole("button", { name: /Rita Retired/ })).toBeNull();
    expect(within(dialog).getByLabelText("Assigned Attorney")).toHaveValue("Rita Moreno");
    // A failure says so; the next try goes through.
    await user.click(within(dialog).getByRole("button", { name: "Assign Attorney" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ADMIN_TEXT.assignAttorneyFailed);
    expect(api.callsTo(`PATCH ${PATH}`)[0]?.body).toEqual({ attorneyId: "22222222-2222-4222-8222-222222222222" });
    api.routes[`PATCH ${PATH}`] = () =>
      json({ case: { ...CASE, status: "referred", assignedAttorney: "Rita Moreno" } });
    await user.click(within(dialog).getByRole("button", { name: "Assign Attorney" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Status")).toHaveValue("referred"));
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });
});

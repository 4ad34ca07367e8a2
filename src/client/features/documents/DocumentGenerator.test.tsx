import { ToastProvider } from "@client/components/ui/Toast";
import { getTemplate } from "@shared/templates/template-list";
import type { Answers } from "@shared/templates/types";
import { FIELD_TEXT, validateAll } from "@shared/templates/validation";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeApi, json } from "@tests/factories/fake-api";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentGenerator } from "./DocumentGenerator";
import { useGeneratorController } from "./generator-state";

const TEMPLATE_ID = "cease-desist";

function serve() {
  return fakeApi({
    [`PUT /api/documents/drafts/${TEMPLATE_ID}`]: (call) => {
      const { answers, step } = call.body as { answers: Answers; step: number };
      return json({ draft: { templateId: TEMPLATE_ID, answers, step, updatedAt: "2026-01-01T00:00:00.000Z" } });
    },
  });
}

function Generator() {
  const controller = useGeneratorController([]);
  return <DocumentGenerator controller={controller} drafts={[]} />;
}

function renderGenerator() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Generator />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** A control found by its accessible name (labels hold a hidden required mark). */
const control = (role: "textbox" | "combobox", name: string) => screen.getByRole(role, { name });

describe("document generator form errors", () => {
  beforeEach(() => {
    // jsdom has no CSS.escape, which the generator uses to find the first field to fix.
    if (!globalThis.CSS?.escape) {
      vi.stubGlobal("CSS", { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) });
    }
  });

  it("Next on an empty form stays on it with every required answer marked, and keeps no empty draft", async () => {
    const api = serve();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderGenerator();
      const template = getTemplate(TEMPLATE_ID);
      if (!template) throw new Error(`no template ${TEMPLATE_ID}`);
      await user.click(screen.getByRole("button", { name: `Use this template: ${template.name}` }));
      await user.click(screen.getByRole("button", { name: /Next/ }));
      expect(screen.getByRole("heading", { name: "Document Information" })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Review & Generate" })).not.toBeInTheDocument();
      expect(screen.getByRole("alert")).toHaveTextContent(
        `${Object.keys(validateAll(template, {})).length} answers need to be fixed`,
      );
      expect(control("textbox", "Your Full Name")).toHaveFocus();
      await vi.advanceTimersByTimeAsync(2000);
      expect(api.callsTo(`PUT /api/documents/drafts/${TEMPLATE_ID}`)).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows each field's error under it after Next, focuses the first, and clears one as it is edited", async () => {
    serve();
    const user = userEvent.setup();
    renderGenerator();
    const template = getTemplate(TEMPLATE_ID);
    if (!template) throw new Error(`no template ${TEMPLATE_ID}`);

    await user.click(screen.getByRole("button", { name: `Use this template: ${template.name}` }));
    expect(screen.getByRole("heading", { name: "Document Information" })).toBeInTheDocument();

    // A partial answer, with a number out of range.
    await user.type(control("textbox", "Recipient's Name"), "Acme Corp");
    await user.type(control("textbox", "Days to Comply"), "90");
    const answered: Answers = { recipientName: "Acme Corp", deadlineDays: "90" };
    const expectedErrors = Object.keys(validateAll(template, answered)).length;

    // Next does not go on to Review with answers missing: the form stays, with the errors.
    await user.click(screen.getByRole("button", { name: /Next/ }));
    expect(screen.getByRole("heading", { name: "Document Information" })).toBeInTheDocument();
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent(`${expectedErrors} answers need to be fixed`);
    const name = control("textbox", "Your Full Name");
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(FIELD_TEXT.required("Your Full Name"));
    expect(control("textbox", "Days to Comply")).toHaveAccessibleDescription(
      /1 to 60\).\s*Days to Comply must be no more than 60$/,
    );
    expect(control("combobox", "Type of Conduct")).toHaveAccessibleDescription(FIELD_TEXT.required("Type of Conduct"));
    expect(screen.getByRole("group", { name: "Possible Next Steps" })).toHaveAccessibleDescription(
      /Choose only steps you are prepared to take\.\s*Possible Next Steps is required$/,
    );
    // The answers given are still there, and a good one has no error.
    expect(control("textbox", "Recipient's Name")).toHaveValue("Acme Corp");
    expect(control("textbox", "Recipient's Name")).not.toHaveAttribute("aria-invalid");

    // Typing into a field clears its error only.
    await user.type(name, "Jane Doe");
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(name).not.toHaveAccessibleDescription(FIELD_TEXT.required("Your Full Name"));
    expect(screen.queryByText(FIELD_TEXT.required("Your Full Name"))).not.toBeInTheDocument();
    expect(control("combobox", "Type of Conduct")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent(`${expectedErrors - 1} answers need to be fixed`);

    // Choosing from a select clears its error too, and a conditional question appears.
    expect(screen.queryByRole("textbox", { name: "Describe the Type of Conduct" })).not.toBeInTheDocument();
    await user.selectOptions(control("combobox", "Type of Conduct"), "Other");
    expect(control("combobox", "Type of Conduct")).not.toHaveAttribute("aria-invalid");
    expect(control("textbox", "Describe the Type of Conduct")).toBeInTheDocument();

    // Ticking a box of the multi-select clears the group's error.
    const steps = screen.getByRole("group", { name: "Possible Next Steps" });
    await user.click(within(steps).getByRole("checkbox", { name: "Filing a lawsuit" }));
    expect(steps).not.toHaveAccessibleDescription(/is required/);
    expect(within(steps).getByRole("checkbox", { name: "Seeking money damages" })).not.toHaveAttribute("aria-invalid");
  }, 15_000);
});

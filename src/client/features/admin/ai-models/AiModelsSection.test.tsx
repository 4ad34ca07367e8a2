import {
  AI_MODEL_TEXT,
  type AiModelConfig,
  type AiModelsOverview,
  type ComparisonLeaderboard,
} from "@shared/schemas/admin-ai-models";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json, type Route } from "@tests/factories/fake-api";
import { renderSection } from "@tests/factories/render-section";
import { describe, expect, it } from "vitest";
import { AiModelsSection } from "./AiModelsSection";

const model = (overrides: Partial<AiModelConfig>): AiModelConfig => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: "Claude Sonnet",
  provider: "anthropic",
  model: "claude-sonnet-5-5",
  isActive: true,
  userTiers: ["free", "premium"],
  maxTokens: 2000,
  temperature: 0.7,
  description: "Careful answers.",
  costPerToken: 0.001,
  priority: 1,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

const CLAUDE = model({});
const MINI = model({
  id: "22222222-2222-4222-8222-222222222222",
  name: "GPT-5 mini",
  provider: "openai",
  model: "gpt-5-mini",
  userTiers: ["free"],
  priority: 2,
});

function overviewOf(models: AiModelConfig[], comparisonEnabled = true): AiModelsOverview {
  return {
    models,
    settings: {
      freeUserModels: [CLAUDE.id, MINI.id],
      premiumUserModels: [CLAUDE.id],
      defaultModel: CLAUDE.id,
      answerOrder: { free: [MINI.id, CLAUDE.id], premium: [CLAUDE.id] },
      defaultProvider: "anthropic",
      comparisonEnabled,
      previewTokenLimit: 200,
    },
    providers: {
      openai: { configured: true, modelOverride: null },
      anthropic: { configured: false, modelOverride: null },
    },
  };
}

const BOARD: ComparisonLeaderboard = {
  days: 30,
  since: "2026-02-01T00:00:00.000Z",
  total: 5,
  entries: [
    { provider: "anthropic", model: "claude-sonnet-5-5", count: 3, share: 0.6 },
    { provider: "openai", model: "gpt-5.2", count: 2, share: 0.4 },
  ],
};

function setup(routes: Record<string, Route> = {}) {
  const api = fakeApi({
    "GET /api/admin/ai-models": () => json(overviewOf([CLAUDE, MINI])),
    "GET /api/admin/ai-models/leaderboard": () => json(BOARD),
    ...routes,
  });
  renderSection(<AiModelsSection />);
  return api;
}

const card = (name: string) => screen.findByRole("article", { name });

describe("the admin AI Models section", () => {
  it("shows the models, who answers first, the server's notes and the leaderboard", async () => {
    setup();
    const claude = await card("Claude Sonnet");
    expect(claude).toHaveTextContent("Answers Premium first");
    expect(await card("GPT-5 mini")).toHaveTextContent("Answers Free first");
    expect(screen.getByLabelText("Default model")).toHaveValue(CLAUDE.id);
    expect(screen.getByLabelText("Preview token limit")).toHaveValue(200);
    expect(screen.getByRole("switch", { name: "Multi-AI comparison" })).toBeChecked();
    expect(screen.getByText(/No Anthropic API key is set on the server/)).toBeInTheDocument();
    const board = await screen.findByRole("region", { name: "Comparison leaderboard" });
    await waitFor(() => expect(within(board).getByText("60%")).toBeInTheDocument());
    expect(within(board).getByText("40%")).toBeInTheDocument();
    expect(board).toHaveTextContent("last 30 days: 5 choices");
  });

  it("counts one choice as one, and names the offline assistant's answers in words", async () => {
    setup({
      "GET /api/admin/ai-models/leaderboard": () =>
        json({ ...BOARD, total: 1, entries: [{ provider: "offline", model: "lawguide-offline", count: 1, share: 1 }] }),
    });
    const board = await screen.findByRole("region", { name: "Comparison leaderboard" });
    await waitFor(() => expect(board).toHaveTextContent("last 30 days: 1 choice."));
    const first = within(board).getAllByRole("listitem")[0];
    expect(first).toHaveTextContent(/^1\. Offline assistant1 choice · 100%$/);
    expect(board).not.toHaveTextContent("lawguide-offline");
    expect(board).not.toHaveTextContent("built in");
    expect(board).not.toHaveTextContent(/\b1 choices\b/);
  });

  it("says so when the list or the leaderboard cannot be loaded, and when nobody chose yet", async () => {
    setup({
      "GET /api/admin/ai-models": () => apiError(500, "INTERNAL", "boom"),
      "GET /api/admin/ai-models/leaderboard": () => json({ ...BOARD, total: 0, entries: [] }),
    });
    expect(await screen.findByText("The AI models could not be loaded")).toBeInTheDocument();
    expect(await screen.findByText("No member has kept a comparison answer in the last 30 days.")).toBeInTheDocument();
  });

  it("checks the new model's fields before sending (temperature in steps of 0.1, a plan), then adds it", async () => {
    const added = model({ id: "33333333-3333-4333-8333-333333333333", name: "GPT-4.1", provider: "openai" });
    const api = setup({ "POST /api/admin/ai-models": () => json({ model: added }, 201) });
    const user = userEvent.setup();
    await card("Claude Sonnet");
    await user.click(screen.getAllByRole("button", { name: "Add Model" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add Model" });
    const view = within(dialog);
    await user.type(view.getByLabelText(/^Name/), "GPT-4.1");
    await user.type(view.getByLabelText(/^Model id/), "gpt-4.1");
    const temperature = view.getByLabelText(/^Temperature/);
    expect(temperature).toHaveAttribute("min", "0");
    expect(temperature).toHaveAttribute("max", "2");
    expect(temperature).toHaveAttribute("step", "0.1");
    await user.clear(temperature);
    await user.type(temperature, "0.15");
    await user.click(view.getByRole("checkbox", { name: "Free" }));
    await user.click(view.getByRole("checkbox", { name: "Premium" }));
    await user.click(view.getByRole("button", { name: "Add Model" }));
    expect(await view.findByText(AI_MODEL_TEXT.temperatureStep)).toBeInTheDocument();
    expect(view.getByText(AI_MODEL_TEXT.tiers)).toBeInTheDocument();
    expect(temperature).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("POST /api/admin/ai-models")).toHaveLength(0);

    await user.clear(temperature);
    await user.type(temperature, "1.2");
    await user.click(view.getByRole("checkbox", { name: "Premium" }));
    api.routes["GET /api/admin/ai-models"] = () => json(overviewOf([CLAUDE, MINI, added]));
    await user.click(view.getByRole("button", { name: "Add Model" }));
    await waitFor(() => expect(api.callsTo("POST /api/admin/ai-models")).toHaveLength(1));
    expect(api.callsTo("POST /api/admin/ai-models")[0]?.body).toMatchObject({
      name: "GPT-4.1",
      provider: "openai",
      model: "gpt-4.1",
      userTiers: ["premium"],
      temperature: 1.2,
      maxTokens: 2000,
      costPerToken: 0.001,
      priority: 0,
      isActive: true,
    });
    expect(await card("GPT-4.1")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Model" })).not.toBeInTheDocument());
  });

  it("sends only what changed when editing, and shows the server's refusal by its field", async () => {
    const api = setup({
      [`PATCH /api/admin/ai-models/${MINI.id}`]: () =>
        json(
          {
            error: {
              code: "INVALID_INPUT",
              message: AI_MODEL_TEXT.lastOfTier("free"),
            },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    await user.click(within(await card("GPT-5 mini")).getByRole("button", { name: "Edit GPT-5 mini" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Model" });
    await user.click(within(dialog).getByRole("checkbox", { name: /^Active/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(AI_MODEL_TEXT.lastOfTier("free"));
    expect(api.callsTo(`PATCH /api/admin/ai-models/${MINI.id}`)[0]?.body).toEqual({ isActive: false });
  });

  it("turns comparison off with the switch once the server confirms", async () => {
    const api = setup({
      "PATCH /api/admin/ai-models/settings": () => json(overviewOf([CLAUDE, MINI], false)),
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole("switch", { name: "Multi-AI comparison" });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo("PATCH /api/admin/ai-models/settings")[0]?.body).toEqual({ comparisonEnabled: false });
    expect(await screen.findByText("Comparison is off for everyone.")).toBeInTheDocument();
  });

  it("saves the preview token limit only within 50 to 500", async () => {
    const api = setup({
      "PATCH /api/admin/ai-models/settings": () => json(overviewOf([CLAUDE, MINI])),
    });
    const user = userEvent.setup();
    const limit = await screen.findByLabelText("Preview token limit");
    const save = screen.getByRole("button", { name: "Save Settings" });
    expect(save).toBeDisabled();
    await user.clear(limit);
    await user.type(limit, "501");
    await user.click(save);
    expect(await screen.findByText(AI_MODEL_TEXT.previewTokenLimit)).toBeInTheDocument();
    expect(api.callsTo("PATCH /api/admin/ai-models/settings")).toHaveLength(0);
    await user.clear(limit);
    await user.type(limit, "300");
    await user.click(save);
    await waitFor(() =>
      expect(api.callsTo("PATCH /api/admin/ai-models/settings")[0]?.body).toEqual({ previewTokenLimit: 300 }),
    );
  });

  it("deletes after the confirmation; a refusal is shown in the dialog", async () => {
    const api = setup({
      [`DELETE /api/admin/ai-models/${MINI.id}`]: () =>
        apiError(400, "INVALID_INPUT", AI_MODEL_TEXT.lastOfTier("free")),
    });
    const user = userEvent.setup();
    await user.click(within(await card("GPT-5 mini")).getByRole("button", { name: "Delete GPT-5 mini" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this model?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete Model" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(AI_MODEL_TEXT.lastOfTier("free"));

    api.routes[`DELETE /api/admin/ai-models/${MINI.id}`] = () => new Response(null, { status: 204 });
    api.routes["GET /api/admin/ai-models"] = () => json(overviewOf([CLAUDE]));
    await user.click(within(dialog).getByRole("button", { name: "Delete Model" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "GPT-5 mini" })).not.toBeInTheDocument());
    expect(await screen.findByText("GPT-5 mini was deleted.")).toBeInTheDocument();
  });
});

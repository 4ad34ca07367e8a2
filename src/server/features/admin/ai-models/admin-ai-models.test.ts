import { AI_MODEL_TEXT, type AiModelConfig, type AiModelsOverview } from "@shared/schemas/admin-ai-models";
import { aiSettingsSchema } from "@shared/schemas/settings";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startAiFakes } from "../../../../../tests/factories/ai";
import { auditRows } from "../../../../../tests/factories/audit";
import { parseSse } from "../../../../../tests/factories/sse";
import { setupTestApp } from "../../../../../tests/factories/test-app";
import type { TestClient } from "../../../../../tests/factories/test-client";
import { aiModels, comparisonVotes } from "../../../db/schema";
import { createAiModelsService } from "../../ai-models/ai-models.service";

const fakes = await startAiFakes();
const t = setupTestApp(fakes.env);

beforeEach(() => {
  fakes.openai.reset();
  fakes.anthropic.reset();
});

const BASE = "/api/admin/ai-models";

const NEW_MODEL = {
  name: "GPT-4.1 test",
  provider: "openai",
  model: "gpt-4.1-test",
  userTiers: ["free"],
  maxTokens: 1234,
  temperature: 0.3,
  description: "A model for the tests",
  costPerToken: 0.002,
  priority: 0,
};

async function overview(admin: TestClient): Promise<AiModelsOverview> {
  const response = await admin.get(BASE);
  expect(response.status).toBe(200);
  return response.json();
}

async function modelNamed(admin: TestClient, name: string): Promise<AiModelConfig> {
  const found = (await overview(admin)).models.find((m) => m.name === name);
  if (!found) throw new Error(`no model named ${name}`);
  return found;
}

async function create(admin: TestClient, body: Record<string, unknown> = NEW_MODEL): Promise<AiModelConfig> {
  const response = await admin.post(BASE, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).model;
}

async function ask(client: TestClient, content = "Can my landlord keep my deposit?") {
  const created = await client.post("/api/cases", {});
  expect(created.status).toBe(201);
  const caseId = (await created.json()).case.id as string;
  const response = await client.post(`/api/cases/${caseId}/messages`, { content });
  expect(response.status).toBe(200);
  const events = parseSse(await response.text());
  return { caseId, events, done: events.find((e) => e.event === "done")?.data.message };
}

async function errorOf(response: Response) {
  return (await response.json()).error as { code: string; message: string; fields?: Record<string, string> };
}

describe("who may use /api/admin/ai-models", () => {
  const ID = "00000000-0000-4000-8000-000000000000";
  const routes: Array<[string, string, unknown?]> = [
    ["GET", BASE],
    ["POST", BASE, NEW_MODEL],
    ["GET", `${BASE}/leaderboard`],
    ["PATCH", `${BASE}/settings`, { comparisonEnabled: false }],
    ["PATCH", `${BASE}/${ID}`, { name: "Renamed" }],
    ["DELETE", `${BASE}/${ID}`],
  ];

  it.each(routes)(
    "%s %s: 401 signed out, 403 for a member and a Premium member, answered for an admin",
    async (method, path, body) => {
      const send = (client: TestClient) =>
        client.request(path, { method, ...(body === undefined ? {} : { json: body }) });
      expect((await send(t.client())).status).toBe(401);
      expect((await send((await t.member()).client)).status).toBe(403);
      expect((await send((await t.member({ premium: true })).client)).status).toBe(403);
      const status = (await send(await t.admin())).status;
      // An unknown id is 404 for the administrator; every other route answers.
      expect(status).toBe(path.endsWith(ID) ? 404 : method === "POST" ? 201 : 200);
    },
  );

  it("changes nothing for someone who is refused", async () => {
    const { client } = await t.member({ premium: true });
    await client.post(BASE, NEW_MODEL);
    await client.patch(`${BASE}/settings`, { comparisonEnabled: false });
    const admin = await t.admin();
    expect((await overview(admin)).models).toHaveLength(3);
    expect((await t.services.settings.get()).ai.enableComparison).toBe(true);
  });
});

describe("validation", () => {
  it.each([
    [{ temperature: 2.1 }, "temperature", AI_MODEL_TEXT.temperature],
    [{ temperature: 0.15 }, "temperature", AI_MODEL_TEXT.temperatureStep],
    [{ temperature: -0.1 }, "temperature", AI_MODEL_TEXT.temperature],
    [{ temperature: "0.7" }, "temperature", AI_MODEL_TEXT.temperature],
    [{ userTiers: [] }, "userTiers", AI_MODEL_TEXT.tiers],
    [{ userTiers: ["gold"] }, "userTiers.0", AI_MODEL_TEXT.tiers],
    [{ provider: "google" }, "provider", AI_MODEL_TEXT.provider],
    [{ maxTokens: 0 }, "maxTokens", AI_MODEL_TEXT.maxTokens],
    [{ maxTokens: 32_001 }, "maxTokens", AI_MODEL_TEXT.maxTokens],
    [{ maxTokens: 100.5 }, "maxTokens", AI_MODEL_TEXT.maxTokens],
    [{ costPerToken: -0.001 }, "costPerToken", AI_MODEL_TEXT.costPerToken],
    [{ priority: 1.5 }, "priority", AI_MODEL_TEXT.priority],
    [{ name: "   " }, "name", AI_MODEL_TEXT.name],
    [{ model: "gpt 4" }, "model", AI_MODEL_TEXT.modelChars],
    [{ model: "gpt\u0000" }, "model", undefined],
  ])("refuses %j with 400 naming the field", async (change, field, message) => {
    const admin = await t.admin();
    const created = await admin.post(BASE, { ...NEW_MODEL, ...change });
    expect(created.status).toBe(400);
    const error = await errorOf(created);
    expect(error.fields?.[field]).toBeDefined();
    if (message) expect(error.fields?.[field]).toBe(message);

    const { id } = await modelNamed(admin, "Claude Sonnet");
    const patched = await admin.patch(`${BASE}/${id}`, change);
    expect(patched.status).toBe(400);
    expect((await errorOf(patched)).fields?.[field]).toBeDefined();
    expect((await overview(admin)).models).toHaveLength(3);
  });

  it("accepts the bounds: temperature 0, 2 and 1.3; max tokens 1 and 32,000; a negative priority", async () => {
    const admin = await t.admin();
    for (const [temperature, maxTokens] of [
      [0, 1],
      [2, 32_000],
      [1.3, 2000],
    ] as const) {
      const model = await create(admin, { ...NEW_MODEL, temperature, maxTokens, priority: -5 });
      expect(model).toMatchObject({ temperature, maxTokens, priority: -5 });
    }
  });

  it("refuses unknown fields, an empty change, a malformed id (400) and an unknown one (404)", async () => {
    const admin = await t.admin();
    expect((await admin.post(BASE, { ...NEW_MODEL, apiKey: "sk-x" })).status).toBe(400);
    const { id } = await modelNamed(admin, "Claude Sonnet");
    const empty = await admin.patch(`${BASE}/${id}`, {});
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe(AI_MODEL_TEXT.nothingToChange);
    expect((await admin.patch(`${BASE}/not-a-uuid`, { name: "X" })).status).toBe(400);
    expect((await admin.delete(`${BASE}/not-a-uuid`)).status).toBe(400);
    const unknown = await admin.patch(`${BASE}/00000000-0000-4000-8000-000000000001`, { name: "X" });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(AI_MODEL_TEXT.notFound);
    expect((await admin.patch(`${BASE}/settings`, {})).status).toBe(400);
    for (const previewTokenLimit of [49, 501, 100.5]) {
      const response = await admin.patch(`${BASE}/settings`, { previewTokenLimit });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).fields?.previewTokenLimit).toBe(AI_MODEL_TEXT.previewTokenLimit);
    }
  });

  it("has the same preview token bounds as the AI settings it writes", () => {
    const bound = aiSettingsSchema.shape.previewTokenLimit;
    expect(bound.safeParse(49).success).toBe(false);
    expect(bound.safeParse(50).success).toBe(true);
    expect(bound.safeParse(500).success).toBe(true);
    expect(bound.safeParse(501).success).toBe(false);
  });
});

describe("the model configurations", () => {
  it("lists the seeded models with the settings derived from them", async () => {
    const admin = await t.admin();
    const { models, settings, providers } = await overview(admin);
    const id = (name: string) => models.find((m) => m.name === name)?.id;
    expect(models.map((m) => [m.name, m.provider, m.model, m.userTiers])).toEqual([
      ["Claude Sonnet", "anthropic", "claude-sonnet-5-5", ["free", "premium"]],
      ["GPT-5.2", "openai", "gpt-5.2", ["premium"]],
      ["GPT-5 mini", "openai", "gpt-5-mini", ["free"]],
    ]);
    expect(settings).toEqual({
      freeUserModels: [id("Claude Sonnet"), id("GPT-5 mini")],
      premiumUserModels: [id("Claude Sonnet"), id("GPT-5.2")],
      defaultModel: id("Claude Sonnet"),
      answerOrder: { free: [id("GPT-5 mini"), id("Claude Sonnet")], premium: [id("Claude Sonnet"), id("GPT-5.2")] },
      defaultProvider: "anthropic",
      comparisonEnabled: true,
      previewTokenLimit: 200,
    });
    expect(providers).toEqual({
      openai: { configured: true, modelOverride: null },
      anthropic: { configured: true, modelOverride: null },
    });
  });

  it("adds with the spec's defaults, edits and deletes, each audited with old and new values", async () => {
    const admin = await t.admin();
    const added = await create(admin, { name: "Haiku", provider: "anthropic", model: "claude-haiku-4-5" });
    expect(added).toMatchObject({
      isActive: true,
      userTiers: ["free", "premium"],
      maxTokens: 2000,
      temperature: 0.7,
      costPerToken: 0.001,
      description: "",
      priority: 0,
    });
    const [created] = await auditRows(t, "ai_model.create", added.id);
    expect(created).toMatchObject({ tableName: "ai_models", oldValues: null });
    expect(created?.newValues).toMatchObject({ name: "Haiku", model: "claude-haiku-4-5", temperature: 0.7 });
    expect(created?.userId).toBeTruthy();

    const edited = await admin.patch(`${BASE}/${added.id}`, { temperature: 1.2, userTiers: ["premium", "premium"] });
    expect(edited.status).toBe(200);
    expect((await edited.json()).model).toMatchObject({ temperature: 1.2, userTiers: ["premium"], name: "Haiku" });
    const [updated] = await auditRows(t, "ai_model.update", added.id);
    expect(updated?.oldValues).toMatchObject({ temperature: 0.7, userTiers: ["free", "premium"] });
    expect(updated?.newValues).toMatchObject({ temperature: 1.2, userTiers: ["premium"] });

    expect((await admin.delete(`${BASE}/${added.id}`)).status).toBe(204);
    expect((await overview(admin)).models.some((m) => m.id === added.id)).toBe(false);
    const [deleted] = await auditRows(t, "ai_model.delete", added.id);
    expect(deleted).toMatchObject({ newValues: null });
    expect(deleted?.oldValues).toMatchObject({ name: "Haiku", temperature: 1.2 });
    expect((await admin.delete(`${BASE}/${added.id}`)).status).toBe(404);
  });

  it("refuses to leave Free or Premium without an active model (deactivate, untick the plan, delete)", async () => {
    const admin = await t.admin();
    const claude = await modelNamed(admin, "Claude Sonnet");
    const mini = await modelNamed(admin, "GPT-5 mini");
    const gpt52 = await modelNamed(admin, "GPT-5.2");
    // Claude can go: each plan keeps an OpenAI model.
    expect((await admin.patch(`${BASE}/${claude.id}`, { isActive: false })).status).toBe(200);

    for (const refused of [
      admin.patch(`${BASE}/${mini.id}`, { isActive: false }),
      admin.patch(`${BASE}/${mini.id}`, { userTiers: ["premium"] }),
      admin.delete(`${BASE}/${mini.id}`),
    ]) {
      const response = await refused;
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(AI_MODEL_TEXT.lastOfTier("free"));
    }
    const premium = await admin.delete(`${BASE}/${gpt52.id}`);
    expect(premium.status).toBe(400);
    expect((await errorOf(premium)).message).toBe(
      "Premium members need at least one active model. Add or activate another Premium model first.",
    );
    // Nothing changed, nothing audited.
    expect((await modelNamed(admin, "GPT-5 mini")).isActive).toBe(true);
    expect(await auditRows(t, "ai_model.delete", mini.id)).toHaveLength(0);
    // Deactivating one of the last two together: once one is gone, the other is refused.
    await admin.patch(`${BASE}/${claude.id}`, { isActive: true });
    const both = await Promise.all([
      admin.patch(`${BASE}/${mini.id}`, { isActive: false }),
      admin.patch(`${BASE}/${claude.id}`, { isActive: false }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const { settings } = await overview(admin);
    expect(settings.freeUserModels).toHaveLength(1);
  });

  it("keeps at most 100 configurations", async () => {
    const admin = await t.admin();
    await t.services.db
      .insert(aiModels)
      .values(Array.from({ length: 97 }, (_, i) => ({ name: `Bulk ${i}`, provider: "openai", model: `bulk-${i}` })));
    const refused = await admin.post(BASE, NEW_MODEL);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(AI_MODEL_TEXT.tooMany);
  });

  it("keeps at most 100 under requests at once: five adds at one below the limit add exactly one", async () => {
    const admin = await t.admin();
    await t.services.db
      .insert(aiModels)
      .values(Array.from({ length: 96 }, (_, i) => ({ name: `Bulk ${i}`, provider: "openai", model: `bulk-${i}` })));
    const added = await Promise.all(
      Array.from({ length: 5 }, (_, i) => admin.post(BASE, { ...NEW_MODEL, name: `At once ${i}` })),
    );
    expect(added.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.services.db.$count(aiModels)).toBe(100);
  });

  it("seeds the default models once, however many processes start on a new database at once", async () => {
    await t.services.db.delete(aiModels);
    const models = () =>
      createAiModelsService({
        db: t.services.db,
        logs: t.services.logs,
        settings: t.services.settings,
        providers: { openai: { configured: true }, anthropic: { configured: true } },
      });
    await Promise.all([models().seedDefaults(), models().seedDefaults(), models().seedDefaults()]);
    expect(await t.services.db.$count(aiModels)).toBe(3);
  });
});

describe("in force for the next answer", () => {
  it("a new Free model answers the next Free question with its model id, max tokens and temperature", async () => {
    const admin = await t.admin();
    const { client } = await t.member();
    // Before: the seeded Free OpenAI model.
    expect((await ask(client)).done?.aiModel).toBe("gpt-5-mini");
    fakes.openai.reset();

    const added = await create(admin);
    const first = await ask(client);
    expect(first.done).toMatchObject({ aiProvider: "openai", aiModel: "gpt-4.1-test" });
    expect(first.events.find((e) => e.event === "start")?.data).toMatchObject({ model: "gpt-4.1-test" });
    expect(fakes.openai.requests[0]?.body).toMatchObject({ model: "gpt-4.1-test", max_tokens: 1234, temperature: 0.3 });

    fakes.openai.reset();
    expect((await admin.patch(`${BASE}/${added.id}`, { maxTokens: 777, temperature: 1.1 })).status).toBe(200);
    await ask(client);
    expect(fakes.openai.requests[0]?.body).toMatchObject({ model: "gpt-4.1-test", max_tokens: 777, temperature: 1.1 });

    // A lower priority number wins within the provider; deactivated, the model stops answering.
    fakes.openai.reset();
    await admin.patch(`${BASE}/${added.id}`, { isActive: false });
    expect((await ask(client)).done?.aiModel).toBe("gpt-5-mini");
  });

  it("a Premium-only model never answers a Free member; a provider without a Free model is skipped", async () => {
    const admin = await t.admin();
    await create(admin, { ...NEW_MODEL, userTiers: ["premium"], model: "gpt-4.1-premium" });
    const mini = await modelNamed(admin, "GPT-5 mini");
    expect((await admin.patch(`${BASE}/${mini.id}`, { isActive: false })).status).toBe(200);
    const { client } = await t.member();
    const { done } = await ask(client);
    // OpenAI has no Free model left: the Free member's question goes to Anthropic.
    expect(done).toMatchObject({ aiProvider: "anthropic", aiModel: "claude-sonnet-5-5" });
    expect(fakes.openai.requests).toHaveLength(0);

    const { client: premium } = await t.member({ premium: true });
    fakes.anthropic.setMode({ kind: "error", status: 500 });
    const second = await ask(premium);
    // Premium falls through to OpenAI, where the new Premium model (priority 0) is first.
    expect(second.done).toMatchObject({ aiProvider: "openai", aiModel: "gpt-4.1-premium" });
  });

  it("a Premium model's settings reach Anthropic; the default model decides who answers Premium first", async () => {
    const admin = await t.admin();
    const claude = await modelNamed(admin, "Claude Sonnet");
    await admin.patch(`${BASE}/${claude.id}`, { maxTokens: 999, temperature: 0.4 });
    const { client: premium } = await t.member({ premium: true });
    await ask(premium);
    expect(fakes.anthropic.requests[0]?.body).toMatchObject({
      model: "claude-sonnet-5-5",
      max_tokens: 999,
      temperature: 0.4,
    });

    const gpt52 = await modelNamed(admin, "GPT-5.2");
    const changed = await admin.patch(`${BASE}/settings`, { defaultModelId: gpt52.id });
    expect(changed.status).toBe(200);
    const after: AiModelsOverview = await changed.json();
    expect(after.settings).toMatchObject({ defaultModel: gpt52.id, defaultProvider: "openai" });
    expect((await t.services.settings.get()).ai.defaultProvider).toBe("openai");
    const [audit] = await auditRows(t, "settings.update", "ai");
    expect(audit?.oldValues).toMatchObject({ defaultProvider: "anthropic" });
    expect(audit?.newValues).toMatchObject({ defaultProvider: "openai" });

    fakes.openai.reset();
    expect((await ask(premium)).done).toMatchObject({ aiProvider: "openai", aiModel: "gpt-5.2" });
    // A Free-only model cannot be the default model.
    const mini = await modelNamed(admin, "GPT-5 mini");
    const refused = await admin.patch(`${BASE}/settings`, { defaultModelId: mini.id });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields?.defaultModelId).toBe(AI_MODEL_TEXT.defaultModel);
  });

  it("the comparison switch turns comparison off for everyone, and back on", async () => {
    const admin = await t.admin();
    const off = await admin.patch(`${BASE}/settings`, { comparisonEnabled: false });
    expect(off.status).toBe(200);
    expect(((await off.json()) as AiModelsOverview).settings.comparisonEnabled).toBe(false);
    expect((await (await t.client().get("/api/settings/public")).json()).enableComparison).toBe(false);

    const { client: premium } = await t.member({ premium: true });
    const caseId = (await (await premium.post("/api/cases", {})).json()).case.id;
    const refused = await premium.post(`/api/cases/${caseId}/comparisons`, { content: "Deposit?" });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("COMPARISON_OFF");
    const { client: free } = await t.member();
    const freeCase = (await (await free.post("/api/cases", {})).json()).case.id;
    const long = "My landlord kept the whole deposit and says the carpet was damaged, but it was old. ".repeat(2);
    expect((await free.post(`/api/cases/${freeCase}/comparisons`, { content: long })).status).toBe(409);
    expect(fakes.openai.requests).toHaveLength(0);
    expect(fakes.anthropic.requests).toHaveLength(0);

    await admin.patch(`${BASE}/settings`, { comparisonEnabled: true });
    const on = await premium.post(`/api/cases/${caseId}/comparisons`, { content: "Deposit?" });
    expect(on.status).toBe(200);
    expect(parseSse(await on.text())[0]?.event).toBe("comparison");
  });

  it("stores and audits the model settings only when they change", async () => {
    const admin = await t.admin();
    const same = await admin.patch(`${BASE}/settings`, { comparisonEnabled: true, previewTokenLimit: 200 });
    expect(same.status).toBe(200);
    expect(await auditRows(t, "settings.update", "ai")).toHaveLength(0);
    await admin.patch(`${BASE}/settings`, { previewTokenLimit: 300 });
    const rows = await auditRows(t, "settings.update", "ai");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.oldValues).toMatchObject({ previewTokenLimit: 200 });
    expect(rows[0]?.newValues).toMatchObject({ previewTokenLimit: 300 });
  });

  it("the preview token limit bounds a Free member's comparison previews", async () => {
    const admin = await t.admin();
    const changed = await admin.patch(`${BASE}/settings`, { previewTokenLimit: 120 });
    expect(changed.status).toBe(200);
    expect((await t.services.settings.get()).ai.previewTokenLimit).toBe(120);
    const { client } = await t.member();
    const caseId = (await (await client.post("/api/cases", {})).json()).case.id;
    const long = "My landlord kept the whole deposit and says the carpet was damaged, but it was old. ".repeat(2);
    const response = await client.post(`/api/cases/${caseId}/comparisons`, { content: long });
    expect(response.status).toBe(200);
    expect(fakes.anthropic.requests[0]?.body.max_tokens).toBe(120);
    expect(fakes.openai.requests[0]?.body.max_completion_tokens).toBe(120);
  });
});

describe("the model cache of another process that cannot follow the database's announcements", () => {
  afterEach(() => vi.useRealTimers());

  // A process that follows them forgets its copy when a change is announced (settings.test.ts,
  // db/follow.test.ts); one whose connection for them is lost reads again every second.
  it("sees an administrator's change once its one second has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const other = createAiModelsService({
      db: t.services.db,
      logs: t.services.logs,
      settings: t.services.settings,
      providers: { openai: { configured: true }, anthropic: { configured: true } },
      cacheMs: 1000,
    });
    expect((await other.choose("openai", "free"))?.model).toBe("gpt-5-mini");
    const admin = await t.admin();
    await create(admin);
    // This process forgot its copy at once; the other keeps its own for up to a second.
    expect((await t.services.models.choose("openai", "free"))?.model).toBe("gpt-4.1-test");
    expect((await other.choose("openai", "free"))?.model).toBe("gpt-5-mini");
    vi.setSystemTime(Date.now() + 1001);
    expect(await other.choose("openai", "free")).toEqual({ model: "gpt-4.1-test", maxTokens: 1234, temperature: 0.3 });
  });
});

describe("the comparison leaderboard", () => {
  it("counts the last 30 days' choices by provider and model, with their share, most chosen first", async () => {
    const { id: a } = await t.member();
    const { id: b } = await t.member({ premium: true });
    const now = Date.now();
    const daysAgo = (d: number) => new Date(now - d * 86_400_000);
    const vote = (userId: string, provider: string | null, model: string | null, chosenAt: Date | null) => ({
      userId,
      question: "Deposit?",
      chosenProvider: provider,
      chosenModel: model,
      chosenAt,
    });
    await t.services.db.insert(comparisonVotes).values([
      vote(a, "anthropic", "claude-sonnet-5-5", daysAgo(1)),
      vote(b, "anthropic", "claude-sonnet-5-5", daysAgo(2)),
      vote(b, "anthropic", "claude-sonnet-5-5", daysAgo(29)),
      vote(a, "openai", "gpt-5.2", daysAgo(3)),
      vote(b, "openai", "gpt-5-mini", daysAgo(0)),
      // Too old, and never chosen: not counted.
      vote(a, "openai", "gpt-5.2", daysAgo(31)),
      vote(b, null, null, null),
    ]);
    const admin = await t.admin();
    const response = await admin.get(`${BASE}/leaderboard`);
    expect(response.status).toBe(200);
    const board = await response.json();
    expect(board).toMatchObject({ days: 30, total: 5 });
    expect(board.entries).toEqual([
      { provider: "anthropic", model: "claude-sonnet-5-5", count: 3, share: 0.6 },
      { provider: "openai", model: "gpt-5-mini", count: 1, share: 0.2 },
      { provider: "openai", model: "gpt-5.2", count: 1, share: 0.2 },
    ]);
  });

  it("is empty when nobody chose", async () => {
    const board = await (await (await t.admin()).get(`${BASE}/leaderboard`)).json();
    expect(board).toMatchObject({ total: 0, entries: [] });
  });
});

import path from "node:path";
import { LAYOUT_MODULES, PAGES } from "@shared/pages";
import { describe, expect, it } from "vitest";
import { planChunks } from "../../scripts/chunk-plan";

/** Which file each module of the web client goes into (scripts/chunk-plan.ts, decision 022). */
describe("the chunk plan", () => {
  const client = "/app/src/client";
  const mod = (name: string) => path.join(client, `${name}.tsx`);
  const pkg = (name: string) => `/app/node_modules/${name}/index.js`;
  const chat = mod(PAGES.CaseChatPage.module);
  const cases = mod(PAGES.CasesPage.module);
  const home = mod(PAGES.DashboardHomePage.module);
  const documents = mod(PAGES.DocumentCenterPage.module);
  const layout = mod(LAYOUT_MODULES.dashboard);

  /** A small app: its frame, a member layout, member pages sharing some modules with the chat. */
  const imports: Record<string, string[]> = {
    [mod("app-main")]: [pkg("react"), mod("lib/api"), pkg("react-router"), mod("app/router")],
    [mod("lib/api")]: [pkg("get-nonce")],
    [mod("app/router")]: [pkg("@tanstack/react-query")],
    [pkg("@tanstack/react-query")]: [pkg("react")],
    [pkg("radix-ui")]: [pkg("react-remove-scroll")],
    [layout]: [mod("components/Toast"), mod("lib/api"), pkg("radix-ui")],
    [mod("components/Toast")]: [pkg("radix-ui")],
    [chat]: [mod("features/cases/Composer"), mod("lib/cases-api"), mod("components/Markdown"), mod("LazyDialog")],
    [mod("components/Markdown")]: [pkg("markdown-to-jsx")],
    [mod("features/cases/Composer")]: [pkg("some-library")],
    [cases]: [mod("lib/cases-api")],
    [home]: [mod("lib/cases-api")],
    [documents]: [mod("components/Markdown")],
  };
  /** The HTML page's script, every page and layout, and a dialog loaded lazily are entries. */
  const entries = new Set([mod("app-main"), layout, chat, cases, home, documents, mod("LazyDialog")]);
  const plan = planChunks({ importedIds: (id) => imports[id] ?? [], isEntry: (id) => entries.has(id) }, client);

  it("puts what the app loads before any page into app", () => {
    expect(plan.get(pkg("react"))).toBe("app");
    expect(plan.get(mod("lib/api"))).toBe("app");
    expect(plan.get(pkg("react-router"))).toBe("app");
    expect(plan.get(mod("app/router"))).toBe("app");
    expect(plan.get(pkg("@tanstack/react-query"))).toBe("app");
  });

  it("puts the member layout's own modules in member", () => {
    expect(plan.get(mod("components/Toast"))).toBe("member");
  });

  it("gives the chat its own file, except what two other member pages share with it", () => {
    expect(plan.get(mod("features/cases/Composer"))).toBe("case-chat");
    expect(plan.get(mod("components/Markdown"))).toBe("case-chat");
    expect(plan.get(pkg("markdown-to-jsx"))).toBe("case-chat");
    expect(plan.get(mod("lib/cases-api"))).toBe("member");
  });

  it("leaves entries and other packages to the bundler", () => {
    for (const entry of entries) expect(plan.has(entry)).toBe(false);
    // Reached through an index that re-exports a whole library: a lazily loaded part stays lazy.
    expect(plan.has(pkg("radix-ui"))).toBe(false);
    expect(plan.has(pkg("react-remove-scroll"))).toBe(false);
    expect(plan.has(pkg("some-library"))).toBe(false);
    // A package the app's frame uses goes with it through the group's dependencies, not the plan.
    expect(plan.has(pkg("get-nonce"))).toBe(false);
  });
});

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

  /** A small client: the landing page and the app share React and the API, member pages share more. */
  const imports: Record<string, string[]> = {
    [mod("landing-app")]: [pkg("react"), mod("lib/api"), mod("components/SkipLink"), pkg("radix-ui")],
    [mod("app-main")]: [pkg("react"), mod("lib/api"), pkg("react-router"), mod("app/router")],
    [mod("app/router")]: [pkg("@tanstack/react-query")],
    [pkg("@tanstack/react-query")]: [pkg("react")],
    [pkg("radix-ui")]: [pkg("react-remove-scroll")],
    [layout]: [mod("components/Toast"), mod("components/SkipLink"), pkg("radix-ui")],
    [mod("components/Toast")]: [pkg("radix-ui")],
    [chat]: [mod("features/cases/Composer"), mod("lib/cases-api"), mod("components/Markdown"), mod("LazyDialog")],
    [mod("components/Markdown")]: [pkg("markdown-to-jsx")],
    [mod("features/cases/Composer")]: [pkg("some-library")],
    [cases]: [mod("lib/cases-api")],
    [home]: [mod("lib/cases-api")],
    [documents]: [mod("components/Markdown")],
  };
  /** The HTML pages' scripts, every page and layout, and a dialog loaded lazily are entries. */
  const entries = new Set([
    mod("landing-app"),
    mod("app-main"),
    layout,
    chat,
    cases,
    home,
    documents,
    mod("LazyDialog"),
  ]);
  const plan = planChunks({ importedIds: (id) => imports[id] ?? [], isEntry: (id) => entries.has(id) }, client);

  it("puts what the landing page and the app both load at start into base, and nothing else of the app", () => {
    expect(plan.get(pkg("react"))).toBe("base");
    expect(plan.get(mod("lib/api"))).toBe("base");
    expect(plan.get(pkg("react-router"))).toBe("app");
    expect(plan.get(mod("app/router"))).toBe("app");
    expect(plan.get(pkg("@tanstack/react-query"))).toBe("app");
  });

  it("puts the member layout's modules in member, and the landing page's own modules a member page shares in base", () => {
    expect(plan.get(mod("components/Toast"))).toBe("member");
    expect(plan.get(mod("components/SkipLink"))).toBe("base");
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
  });
});

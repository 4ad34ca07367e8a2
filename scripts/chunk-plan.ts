// Which file each module of the app goes into (decision 022). The bundler, left to itself, makes
// one file for every set of lazily loaded pages that share a module: the chat page asked for 34
// of them, most under 1 kB. This plan puts what a page loads at start into a few files, chosen
// from the pages themselves:
//
// - `app`: what the app loads before any page: React, the router, the session, the guards;
// - `member`: the member area's layout with what it needs, and what the chat shares with at least
//   two other member pages (the cases list, the home page);
// - `case-chat`: the rest of the chat page's own code, with markdown-to-jsx and the stream reader.
//
// Lazily loaded pages and dialogs keep files of their own (the server preloads each page's file
// by its module: src/server/http/page-modules.ts), and every other package or module is left to
// the bundler. Only our own modules and the packages named below are placed: a package reached
// through an index that re-exports a whole library (radix-ui) would bring along parts only a
// lazily loaded dialog uses. The landing page is a build of its own (decision 023).
import path from "node:path";
import type { CodeSplittingGroup } from "rolldown";
import type { Plugin } from "vite";
import { LAYOUT_MODULES, PAGES, type PageEntry } from "../src/shared/pages";

type Group = "app" | "member" | "case-chat";

/** Packages the plan may place: the app's frame, and what only the chat page uses. */
const FRAME_PACKAGES = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|@tanstack[\\/][^\\/]+)[\\/]/;
const CHAT_PACKAGES = /node_modules[\\/](markdown-to-jsx|eventsource-parser)[\\/]/;
/** The chat page's module (below src/client/), the one page given a file of its own code. */
const CHAT_PAGE = PAGES.CaseChatPage.module;

/** The modules a root loads with it: the closure of its static imports. */
type ModuleGraph = { importedIds(id: string): readonly string[]; isEntry(id: string): boolean };

function closure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set([root]);
  const todo = [root];
  for (let id = todo.pop(); id !== undefined; id = todo.pop())
    for (const next of graph.importedIds(id))
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
  return seen;
}

/** Each placed module's file, from the module graph of the app. */
export function planChunks(graph: ModuleGraph, clientDir: string): Map<string, Group> {
  const module = (name: string) => path.join(clientDir, `${name}.tsx`);
  const app = closure(graph, module("app-main"));
  const member = closure(graph, module(LAYOUT_MODULES.dashboard));
  const chat = closure(graph, module(CHAT_PAGE));
  const otherMemberPages = (Object.values(PAGES) as PageEntry[])
    .filter((page) => page.layout === "dashboard" && page.module !== CHAT_PAGE)
    .map((page) => closure(graph, module(page.module)));

  const plan = new Map<string, Group>();
  const ours = (id: string) => !id.includes("node_modules");
  const placeable = (id: string, packages: RegExp) =>
    !graph.isEntry(id) && !plan.has(id) && (ours(id) || packages.test(id));
  for (const id of app) if (placeable(id, FRAME_PACKAGES)) plan.set(id, "app");
  for (const id of member) if (placeable(id, FRAME_PACKAGES)) plan.set(id, "member");
  for (const id of chat)
    if (placeable(id, CHAT_PACKAGES))
      plan.set(id, otherMemberPages.filter((page) => page.has(id)).length >= 2 ? "member" : "case-chat");
  return plan;
}

/**
 * The plan as a Vite plugin (computed once the module graph is known) and the bundler's groups
 * that read it. `app` takes its modules' dependencies with it (every page loads them); the other
 * groups take only the modules placed in them, so that a dependency another page shares stays
 * where it is.
 */
export function chunkPlan(clientDir: string): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const plan = new Map<string, Group>();
  const plugin: Plugin = {
    name: "lawguide-chunk-plan",
    apply: (_config, env) => !env.isSsrBuild,
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const graph: ModuleGraph = {
        importedIds: (id) => info(id)?.importedIds ?? [],
        // An entry keeps its own file: the HTML pages' scripts, and every lazily loaded module.
        isEntry: (id) => {
          const module = info(id);
          return (
            !!module &&
            (module.isEntry || module.dynamicImporters.length > 0 || module.importers.some((i) => i.endsWith(".html")))
          );
        },
      };
      plan.clear();
      for (const [id, group] of planChunks(graph, clientDir)) plan.set(id, group);
    },
  };
  const group = (name: Group, priority: number, includeDependenciesRecursively: boolean): CodeSplittingGroup => ({
    name,
    test: (id) => plan.get(id) === name,
    priority,
    includeDependenciesRecursively,
  });
  return {
    plugin,
    groups: [group("app", 30, true), group("member", 20, false), group("case-chat", 10, false)],
  };
}

export interface PageBudget {
  /** The page's HTML entry in the manifest (index.html, the app's, when not given). */
  entry?: string;
  maxKb: number;
  maxScripts: number;
  targetKb?: number;
  targetScripts?: number;
}
export interface Budgets {
  pages: Record<string, PageBudget>;
}
export interface PageSize {
  page: string;
  /** gzip kB (1024 bytes) of the JavaScript of its first load. */
  kb: number;
  scripts: number;
  cssKb: number;
  budget: PageBudget;
  /** Why it is over its budget (empty: within). */
  over: string[];
}
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export interface AppPage {
  name: string;
  paths: string[];
  modules: string[];
}

export const MANIFEST_PATH: string;
export function pagesFromSource(source: string): AppPage[];
export function firstLoadFiles(
  manifest: Record<string, ManifestChunk>,
  page: { entry: string; modules?: string[] },
): { js: string[]; css: string[] };
export function gzipBytes(dir: string, files: string[], cache?: Map<string, number>): number;
export function measurePages(options: { clientDir: string; budgets: Budgets; pages: AppPage[] }): PageSize[];
export function formatTable(rows: PageSize[]): string;
export function failures(rows: PageSize[]): string[];
export function checkSizeBudget(options?: { clientDir?: string; budgetFile?: string; pagesFile?: string }): {
  rows: PageSize[];
  table: string;
  failures: string[];
};
export function budgetWarnOnly(): boolean;
export function failureMessage(over: string[], warnOnly?: boolean): string;

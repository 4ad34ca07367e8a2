export function ensureDebianPackage(options: {
  name: string;
  paths: Array<string | undefined | null>;
  why: string;
  hint?: string[];
}): string | null;

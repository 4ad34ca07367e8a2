import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Shapes a secret takes wherever it came from: provider and payment keys, webhook secrets, session
 * cookies, bearer tokens, a password or token written as a JSON field, and a link carrying a
 * reset or verification token.
 */
const SHAPES: Array<[string, RegExp]> = [
  ["an AI provider key", /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/],
  ["a Stripe key", /\b[sr]k_(?:test|live)_[A-Za-z0-9]{8,}/],
  ["a Stripe webhook secret", /\bwhsec_[A-Za-z0-9]{8,}/],
  ["a session cookie", /(?:__Secure-)?lawguide\.session_(?:token|data)=[^;\s"]{8,}/],
  ["a bearer token", /\bBearer\s+[A-Za-z0-9._~+/-]{16,}/],
  ["a password field", /"(?:password|newPassword|currentPassword)"\s*:\s*"[^"]+"/],
  ["a token in a link", /[?&]token=[A-Za-z0-9._-]{8,}/],
];

/** What in `text` gives a secret away: one of `known` (handed out by the test) or anything of a secret's shape. */
export function leakedSecrets(text: string, known: string[] = []): string[] {
  const found: string[] = [];
  for (const value of known) if (value && text.includes(value)) found.push(`the known secret "${value}"`);
  for (const [what, shape] of SHAPES) {
    const match = text.match(shape);
    if (match) found.push(`${what}: ${match[0].slice(0, 60)}`);
  }
  return found;
}

/** Every file below `dir` with one of `extensions`, read as text: path → contents. */
export function textFilesBelow(dir: string, extensions: string[]): Array<[string, string]> {
  const files: Array<[string, string]> = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...textFilesBelow(full, extensions));
    else if (extensions.some((e) => name.endsWith(e))) files.push([full, readFileSync(full, "utf8")]);
  }
  return files;
}

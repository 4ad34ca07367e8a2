export function ensureChromium(): string | null;

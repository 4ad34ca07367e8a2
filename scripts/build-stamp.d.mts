export function isStale(options: { root: string; stamp: string; output: string; sources: string[] }): boolean;

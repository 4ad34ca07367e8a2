export const SERVER_OUT: string;
export function serverIsStale(outDir?: string): boolean;
export function buildServer(options?: { force?: boolean; outDir?: string }): Promise<void>;

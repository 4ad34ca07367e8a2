export function clientIsStale(): boolean;
export function buildClient(options?: { force?: boolean }): Promise<void>;

/**
 * The reading process's entry when the server runs from TypeScript: registers tsx, then loads the
 * process's module. A compiled server starts `extraction-process.js` directly.
 */
import { register } from "tsx/esm/api";

register();
await import("./extraction-process.ts");

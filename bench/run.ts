/**
 * npm run bench [-- server streaming fetch sizes chatpage landing admin extraction uploads documents scale streams]: measure speed and memory and
 * print the figures as a table (also written to bench/results.json). Figures are reported, never asserted.
 */
import { buildClient } from "../scripts/client-build.mjs";
import { benchAdmin } from "./admin.bench";
import { benchChatPage, benchSizes, benchStreaming } from "./chat.bench";
import { benchDocuments } from "./documents.bench";
import { benchExtraction } from "./extraction.bench";
import { benchLanding } from "./landing.bench";
import { printAndSave } from "./lib";
import { benchProviderFetch } from "./provider-fetch.bench";
import { benchScale, benchStreams } from "./scale.bench";
import { benchServer } from "./server.bench";
import { benchUploads } from "./uploads.bench";

const suites: Record<string, () => Promise<void>> = {
  server: benchServer,
  streaming: benchStreaming,
  fetch: benchProviderFetch,
  sizes: benchSizes,
  chatpage: benchChatPage,
  landing: benchLanding,
  admin: benchAdmin,
  extraction: benchExtraction,
  uploads: benchUploads,
  documents: benchDocuments,
  scale: benchScale,
  streams: benchStreams,
};
const chosen = process.argv.slice(2).filter((name) => name in suites);

await buildClient();
for (const name of chosen.length ? chosen : Object.keys(suites)) await suites[name]?.();
printAndSave();

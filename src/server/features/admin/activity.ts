import { describeAppLog, describeAuditLog } from "@shared/log-sentences";
import type { ActivityEntry } from "@shared/schemas/admin";
import type { ActivityRow, AuthorFields } from "./admin.queries";

/**
 * The overview's Recent Activity: each log row as one plain sentence (the Logs section's own
 * words, from `@shared/log-sentences`), who did it and when. Only chosen fields of a row are read
 * (never a whole metadata object), so nothing secret leaves.
 */
export function toActivityEntry(row: ActivityRow): ActivityEntry {
  const { kind, text, warning } = row.source === "app" ? describeAppLog(row) : describeAuditLog(row);
  return {
    id: `${row.source}-${row.id}`,
    kind,
    text,
    who: whoOf(row),
    warning,
    at: row.createdAt.toISOString(),
  };
}

function whoOf(row: AuthorFields): ActivityEntry["who"] {
  if (!row.userId || !row.userEmail) return null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || row.userName || row.userEmail;
  return { name, email: row.userEmail };
}

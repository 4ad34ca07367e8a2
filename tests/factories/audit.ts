import { and, eq } from "drizzle-orm";
import { auditLogs } from "../../src/server/db/schema";
import type { TestContext } from "./test-app";

/** The audit trail's rows of `action` on the record `recordId`, in the order they were written. */
export function auditRows(t: TestContext, action: string, recordId: string) {
  return t.services.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.recordId, recordId)))
    .orderBy(auditLogs.id);
}

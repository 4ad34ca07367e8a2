import { z } from "zod";
import { LOG_CATEGORIES, LOG_LEVELS } from "../constants";
import { queryDateSchema, text, userIdSchema } from "./text";

/** Query strings and parameters of the administrators' endpoints. */

const limit = z.coerce.number().int().min(1).max(500).default(100);
/** A table or action name to filter on: short, printable. */
const filterText = text({ max: 100 });

export const appLogQuerySchema = z.object({
  level: z.enum(LOG_LEVELS).optional(),
  category: z.enum(LOG_CATEGORIES).optional(),
  userId: userIdSchema.optional(),
  from: queryDateSchema.optional(),
  to: queryDateSchema.optional(),
  limit,
});

export const auditLogQuerySchema = z.object({
  userId: userIdSchema.optional(),
  action: filterText.optional(),
  table: filterText.optional(),
  from: queryDateSchema.optional(),
  to: queryDateSchema.optional(),
  limit,
});

export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const userIdParamSchema = z.object({ id: userIdSchema });

/** One mail of the outbox, as administrators read it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** GET /api/admin/stats (spec section 3 'Admin stats'). */
export interface AdminStats {
  users: { total: number; new_this_month: number };
  cases: { active: number; total: number };
  documents: { total: number; generated: number };
  ai: { queries_today: number; average_response_time: number };
}

/** GET /api/admin/outbox */
export interface OutboxList {
  kind: "smtp" | "outbox";
  mails: OutboxMail[];
}

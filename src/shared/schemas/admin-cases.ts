import { z } from "zod";
import { CASE_COMPLEXITIES, CASE_STATUSES } from "../constants";
import { CASE_TEXT } from "../messages";
import { caseSearchSchema } from "./cases";
import type { ChatAttachment } from "./uploads";

/** Requests and answers of the administrators' case endpoints (/api/admin/cases). */

/** Messages per page of a case's conversation as administrators read it. */
export const ADMIN_CASE_MESSAGES_PAGE_SIZE = 50;
/** The largest estimated value `numeric(14, 2)` keeps. */
export const ESTIMATED_VALUE_MAX = 999_999_999_999.99;

export const ADMIN_CASES_TEXT = {
  noChange: "Please change at least one field.",
  statusInvalid: "Choose a status: active, referred or archived.",
  complexityInvalid: "Choose a complexity: simple, moderate or complex.",
  valueInvalid: "Enter an estimated value of 0 or more, in dollars.",
  valueTooLarge: "The estimated value is too large.",
  attorneyNotFound: "This attorney is not in the directory.",
  attorneyFromDirectory: "Choose the attorney from the attorneys directory.",
  attorneyInactive: "This attorney is no longer active in the directory. Choose another one.",
  pageInvalid: "This page number is not valid.",
  cursorInvalid: "This list position is not valid. Reload the messages and try again.",
} as const;

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

export const adminCaseListQuerySchema = z.object({
  /** Words to find in the title, description, member's e-mail or name (case-insensitive). */
  q: caseSearchSchema,
  status: z.preprocess(emptyToUndefined, z.enum(CASE_STATUSES, { error: ADMIN_CASES_TEXT.statusInvalid }).optional()),
  complexity: z.preprocess(
    emptyToUndefined,
    z.enum(CASE_COMPLEXITIES, { error: ADMIN_CASES_TEXT.complexityInvalid }).optional(),
  ),
  page: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: ADMIN_CASES_TEXT.pageInvalid })
      .int(ADMIN_CASES_TEXT.pageInvalid)
      .min(1, ADMIN_CASES_TEXT.pageInvalid)
      .max(100_000, ADMIN_CASES_TEXT.pageInvalid)
      .default(1),
  ),
});

export const adminCaseIdParam = z.object({ id: z.uuid({ error: CASE_TEXT.notFound }) });

/** `cursor`: the position after which the next page of messages starts (as the last page gave it). */
export const adminCaseMessagesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, ADMIN_CASES_TEXT.cursorInvalid)
    .transform(Number)
    .refine(Number.isSafeInteger, ADMIN_CASES_TEXT.cursorInvalid)
    .optional(),
});

export const adminCaseUpdateSchema = z
  .object({
    status: z.enum(CASE_STATUSES, { error: ADMIN_CASES_TEXT.statusInvalid }).optional(),
    complexity: z.enum(CASE_COMPLEXITIES, { error: ADMIN_CASES_TEXT.complexityInvalid }).nullable().optional(),
    estimatedValue: z
      .number({ error: ADMIN_CASES_TEXT.valueInvalid })
      .min(0, ADMIN_CASES_TEXT.valueInvalid)
      .max(ESTIMATED_VALUE_MAX, ADMIN_CASES_TEXT.valueTooLarge)
      .refine((value) => Number(value.toFixed(2)) === value, {
        message: "The estimated value can have at most two decimals (cents).",
      })
      .nullable()
      .optional(),
    /**
     * Removes the assignment (null, or an empty name). An attorney is assigned by `attorneyId`
     * alone: a typed name outside the directory would be mailed to the member as their attorney.
     */
    assignedAttorney: z.union([z.null(), z.literal("")], { error: ADMIN_CASES_TEXT.attorneyFromDirectory }).optional(),
    /** An attorney of the directory: the case takes their name from there. */
    attorneyId: z.uuid({ error: ADMIN_CASES_TEXT.attorneyNotFound }).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: ADMIN_CASES_TEXT.noChange,
  });

export type AdminCaseUpdate = z.infer<typeof adminCaseUpdateSchema>;

/** One case as administrators see it (spec section 3 'Case', with the admin list's additions). */
export interface AdminCase {
  id: string;
  title: string;
  description: string;
  category: string | null;
  complexity: string | null;
  estimatedValue: number | null;
  status: string;
  assignedAttorney: string | null;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
  lastMessageAt: string | null;
  userId: string;
  userEmail: string;
  userName: string;
}

/** GET /api/admin/cases */
export interface AdminCaseList {
  cases: AdminCase[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/cases/stats: the section's tiles. */
export interface AdminCaseStats {
  active: number;
  referred: number;
  archived: number;
  complex: number;
  total: number;
}

/** One message of a case, as administrators read it. */
export interface AdminCaseMessage {
  id: string;
  content: string;
  isUser: boolean;
  createdAt: string;
  aiProvider: string | null;
  aiModel: string | null;
  attachments: ChatAttachment[];
}

/** GET /api/admin/cases/:id/messages: oldest first; `nextCursor` reads the next (later) page. */
export interface AdminCaseMessagePage {
  messages: AdminCaseMessage[];
  nextCursor: string | null;
}

import { z } from "zod";
import { listCursorSchema, text } from "./text";

/** A template's id, or a field's: lower-case words joined by '-' or written in camelCase. */
const identifier = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,59}$/, "Unknown field.");
export const templateIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, "Template not found");

/** Answers as the form holds them (numbers and amounts still as typed). */
export const answersSchema = z.record(
  identifier,
  z.union([text({ max: 20_000, multiline: true }), z.array(text({ max: 200 })).max(50), z.boolean()]),
);

export const generateDocumentSchema = z.object({
  templateId: templateIdSchema,
  answers: answersSchema,
});

export const templateParamSchema = z.object({ templateId: templateIdSchema });
export const documentIdParamSchema = z.object({ id: z.uuid({ error: "Document not found" }) });
export const documentListQuerySchema = z.object({ cursor: listCursorSchema.optional() });

export const saveDraftSchema = z.object({
  answers: answersSchema,
  step: z.number().int().min(0).max(3),
});

export const downloadQuerySchema = z.object({ format: z.enum(["txt", "pdf", "docx"]).default("txt") });

/** A generated document as lists show it (GET /api/documents). */
export interface DocumentSummary {
  id: string;
  templateId: string | null;
  title: string;
  /** File name without extension, e.g. last-will-and-testament-2026-11-22. */
  fileName: string;
  createdAt: string;
  /** What tells it from others of its kind (the property and tenant, whose will), if known. */
  about: string | null;
  /** The first 500 characters. */
  preview: string;
  /** A pending attorney review request, if one was made. */
  review: { id: string; status: string; feeCents: number | null } | null;
}

export interface DocumentDetail extends DocumentSummary {
  content: string;
}

export interface DocumentDraft {
  templateId: string;
  answers: Record<string, string | string[] | boolean>;
  step: number;
  updatedAt: string;
}

/**
 * GET /api/documents/templates: what the member may do with each template (`template-offers.ts`):
 * use it (their plan includes it, or they bought it) or buy it first.
 */
export interface TemplateAccessItem {
  templateId: string;
  access: "included" | "purchased" | "for-sale";
  /** The one-off price, in cents. */
  priceCents: number;
  /** When the member bought it (purchased only). */
  purchasedAt: string | null;
}

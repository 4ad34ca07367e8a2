import { z } from "zod";

/** Answers as the form holds them (numbers and amounts still as typed). */
export const answersSchema = z.record(
  z.string().max(60),
  z.union([z.string().max(20_000), z.array(z.string().max(200)).max(50), z.boolean()]),
);

export const generateDocumentSchema = z.object({
  templateId: z.string().min(1).max(60),
  answers: answersSchema,
});

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

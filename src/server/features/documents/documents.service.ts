import { randomUUID } from "node:crypto";
import { ERROR_CODES } from "@shared/api-error";
import { UI_LIMITS } from "@shared/constants";
import { templateForSaleText } from "@shared/messages";
import type { Page } from "@shared/schemas/cases";
import type { DocumentDetail, DocumentDraft, DocumentSummary, TemplateAccessItem } from "@shared/schemas/documents";
import { encodeListCursor, type ListCursor } from "@shared/schemas/text";
import type { SessionUser } from "@shared/session";
import { formatTemplatePrice, TEMPLATE_OFFERS, templateAccess, templateOffer } from "@shared/template-offers";
import { DOCUMENT_CATALOGUE, templateIdForCatalogueItem } from "@shared/templates/catalogue";
import { documentFileName, renderDocument } from "@shared/templates/content-language";
import { documentAbout, getTemplate } from "@shared/templates/template-list";
import type { Answers } from "@shared/templates/types";
import { normalizeAnswers, validateAll } from "@shared/templates/validation";
import type { Db } from "../../db/client";
import { ApiError, conflict, invalidInput, notFound } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Actor, LogService } from "../logs/logs.service";
import type { ReferralMails } from "../mail/account-mails";
import { createDocumentRenderer, type DocumentRenderingOptions } from "./document-renderer";
import {
  type DocumentRow,
  deleteDraft,
  deleteOwnedDocument,
  findOwnedDocument,
  insertDocument,
  insertDocumentReview,
  listDrafts,
  listGeneratedPage,
  upsertDraft,
} from "./documents.queries";

const DOCUMENTS_PAGE_SIZE = 20;
const NOT_FOUND = "Document not found";

type Review = { id: string | null; status: string | null; feeCents: number | null } | null;

function summary(row: DocumentRow, review: Review): DocumentSummary {
  const content = row.content ?? "";
  return {
    id: row.id,
    templateId: row.templateId,
    title: row.title,
    fileName: row.fileName ?? row.title,
    createdAt: row.createdAt.toISOString(),
    about: documentAbout(row.templateId, row.answers),
    preview: content.slice(0, UI_LIMITS.documentPreviewChars),
    review: review?.id ? { id: review.id, status: review.status ?? "pending", feeCents: review.feeCents } : null,
  };
}

/** The catalogue item (lawyer review fee) that matches a template. */
function catalogueFor(templateId: string | null) {
  return DOCUMENT_CATALOGUE.find((item) => templateIdForCatalogueItem(item.id) === templateId);
}

export interface DocumentsServiceOptions {
  /** The templates a member bought once (the billing feature's), by template id. */
  templatesBought?: (userId: string) => Promise<ReadonlyMap<string, Date>>;
  /** The PDF and Word rendering: worker pool, queue, time budget, per-member bound, cache. */
  rendering?: DocumentRenderingOptions;
  logger?: Logger;
  /** The mails of a review request (to the member and the administrators). */
  referralMails?: ReferralMails;
  publicUrl?: string;
}

/**
 * Generated documents: answers checked by the same engine as the form, the document rendered,
 * stored and listed; downloads as text, PDF and Word (rendered by worker threads, decision 013);
 * drafts kept as the member types; attorney review requests.
 */
export function createDocumentsService(db: Db, logs: LogService, options: DocumentsServiceOptions = {}) {
  const renderer = createDocumentRenderer(options.rendering, options.logger);
  const templatesBought = options.templatesBought ?? (async () => new Map<string, Date>());

  async function owned(user: SessionUser, id: string) {
    const found = await findOwnedDocument(db, id, user.id);
    if (!found) throw notFound(NOT_FOUND);
    return found;
  }

  /**
   * The template, when the member may use it (`template-offers.ts`: their plan includes it or
   * they bought it); 402 with its price otherwise.
   */
  async function usableTemplate(user: SessionUser, templateId: string) {
    const template = getTemplate(templateId);
    const offer = templateOffer(templateId);
    if (!template || !offer) throw notFound("Template not found");
    const access = templateAccess(user.plan, offer, false);
    if (access === "for-sale" && !(await templatesBought(user.id)).has(templateId)) {
      throw new ApiError(
        402,
        ERROR_CODES.templateForSale,
        templateForSaleText(offer.name, formatTemplatePrice(offer.priceCents)),
      );
    }
    return template;
  }

  return {
    /** Each template and what the member may do with it: use it (included or bought) or buy it first. */
    async templates(user: SessionUser): Promise<TemplateAccessItem[]> {
      const bought = await templatesBought(user.id);
      return Object.values(TEMPLATE_OFFERS).map((offer) => {
        const access = templateAccess(user.plan, offer, bought.has(offer.id));
        return {
          templateId: offer.id,
          access,
          priceCents: offer.priceCents,
          purchasedAt: access === "purchased" ? (bought.get(offer.id)?.toISOString() ?? null) : null,
        };
      });
    },

    async generate(user: SessionUser, templateId: string, answers: Answers, actor: Actor): Promise<DocumentDetail> {
      const template = await usableTemplate(user, templateId);
      const errors = validateAll(template, answers);
      const first = Object.values(errors)[0];
      if (first) throw invalidInput(first, errors);
      const id = randomUUID();
      const generatedAt = new Date();
      const content = renderDocument(template, answers, { documentId: id, generatedAt });
      const row = await insertDocument(db, {
        id,
        userId: user.id,
        type: "generated",
        templateId,
        title: template.name,
        fileName: documentFileName(template, generatedAt),
        mimeType: "text/plain",
        sizeBytes: Buffer.byteLength(content),
        content,
        answers: normalizeAnswers(template, answers) as Record<string, unknown>,
        createdAt: generatedAt,
      });
      await deleteDraft(db, user.id, templateId);
      await logs.app({
        ...actor,
        category: "document",
        message: "Document generated",
        metadata: { documentId: id, templateId },
      });
      return { ...summary(row, null), content };
    },

    async list(user: SessionUser, cursor: ListCursor | undefined): Promise<Page<DocumentSummary>> {
      const rows = await listGeneratedPage(db, user.id, cursor ?? null, DOCUMENTS_PAGE_SIZE + 1);
      const page = rows.slice(0, DOCUMENTS_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => summary(r.row, r.review)),
        nextCursor:
          rows.length > DOCUMENTS_PAGE_SIZE && last ? encodeListCursor({ ts: last.cursorTs, id: last.row.id }) : null,
      };
    },

    async get(user: SessionUser, id: string): Promise<DocumentDetail> {
      const found = await owned(user, id);
      return { ...summary(found.row, found.review), content: found.row.content ?? "" };
    },

    async file(user: SessionUser, id: string, format: "txt" | "pdf" | "docx") {
      const { row } = await owned(user, id);
      const content = row.content ?? "";
      const name = `${row.fileName ?? "document"}.${format}`;
      if (format === "txt") return { name, type: "text/plain; charset=utf-8", body: new TextEncoder().encode(content) };
      const body = await renderer.render(user.id, { id: row.id, title: row.title, content }, format);
      if (format === "pdf") return { name, type: "application/pdf", body };
      return { name, type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", body };
    },

    async remove(user: SessionUser, id: string, actor: Actor): Promise<void> {
      if (!(await deleteOwnedDocument(db, id, user.id))) throw notFound(NOT_FOUND);
      renderer.forget(id);
      await logs.app({ ...actor, category: "document", message: "Document deleted", metadata: { documentId: id } });
    },

    /** An attorney review of a generated document, at the catalogue's lawyer review fee. */
    async requestReview(user: SessionUser, id: string, actor: Actor) {
      const found = await owned(user, id);
      if (found.review?.id) throw conflict("A review of this document has already been requested.");
      const item = catalogueFor(found.row.templateId);
      const review = await insertDocumentReview(db, {
        userId: user.id,
        documentId: id,
        caseId: found.row.caseId,
        feeCents: item?.lawyerReviewFeeCents ?? null,
      });
      if (!review)
        throw new ApiError(500, ERROR_CODES.internal, "The review could not be requested. Please try again.");
      await logs.app({
        ...actor,
        category: "document",
        message: "Attorney review requested",
        metadata: { documentId: id, referralId: review.id },
      });
      await options.referralMails?.requested(user, {
        kind: "document review",
        title: found.row.title,
        link: `${options.publicUrl ?? ""}/dashboard/create`,
      });
      return {
        review: { id: review.id, status: review.status, feeCents: review.feeCents },
        message:
          "Your review request was sent. An attorney will contact you within 2 business days to confirm the fee before any work starts. LawGuide is not a law firm, and no attorney-client relationship exists until an attorney agrees to take the matter.",
      };
    },

    async drafts(user: SessionUser): Promise<DocumentDraft[]> {
      const rows = await listDrafts(db, user.id);
      return rows.map((d) => ({
        templateId: d.templateId,
        answers: d.answers as DocumentDraft["answers"],
        step: d.step,
        updatedAt: d.updatedAt.toISOString(),
      }));
    },

    async saveDraft(user: SessionUser, templateId: string, answers: Answers, step: number): Promise<DocumentDraft> {
      await usableTemplate(user, templateId);
      const saved = await upsertDraft(db, { userId: user.id, templateId, answers, step });
      if (!saved) throw new ApiError(500, ERROR_CODES.internal, "The draft could not be saved.");
      return {
        templateId,
        answers: saved.answers as DocumentDraft["answers"],
        step: saved.step,
        updatedAt: saved.updatedAt.toISOString(),
      };
    },

    async discardDraft(user: SessionUser, templateId: string): Promise<void> {
      await deleteDraft(db, user.id, templateId);
    },

    /** What the renderer holds and does (workers, renders running and waiting, files kept). */
    renderingStats: () => renderer.stats(),

    /** End the render workers; downloads still waiting for one are refused (503). */
    close: () => renderer.close(),
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

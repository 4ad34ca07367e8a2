import {
  type AdminTestimonial,
  type CreateTestimonial,
  type MoveDirection,
  TESTIMONIAL_LIMITS,
  TESTIMONIAL_TEXT,
  type TestimonialList,
  type TestimonialRemoval,
  type UpdateTestimonial,
} from "@shared/schemas/admin-testimonials";
import type { Db } from "../../../db/client";
import { conflict, notFound } from "../../../lib/errors";
import { type Actor, changedValues, type LogService } from "../../logs/logs.service";
import {
  deleteTestimonial,
  insertTestimonial,
  listAllTestimonials,
  moveTestimonial,
  type NewTestimonial,
  type TestimonialRow,
  updateTestimonial,
} from "./admin-testimonials.queries";

export function toAdminTestimonial(row: TestimonialRow, position: number): AdminTestimonial {
  return {
    id: row.id,
    quote: row.quote,
    author: row.author,
    context: row.context,
    isExample: row.isExample,
    isActive: row.isActive,
    position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an audit row records of a testimonial (everything an administrator entered). */
function auditValues(row: TestimonialRow): Record<string, unknown> {
  return {
    quote: row.quote,
    author: row.author,
    context: row.context,
    isExample: row.isExample,
    isActive: row.isActive,
  };
}

const AUDITED = { tableName: "testimonials" } as const;

/**
 * The landing page's testimonials, kept by administrators: every one listed (shown or not) in the
 * carousel's order, added last (at most TESTIMONIAL_LIMITS.count), edited, moved one place up or
 * down, deleted. Every change is audited in the transaction that makes it. The public list
 * (GET /api/testimonials) reads the same table, so a change shows there as soon as its cache ends.
 */
export function createAdminTestimonialsService(deps: { db: Db; logs: LogService }) {
  const { db, logs } = deps;

  async function list(): Promise<TestimonialList> {
    const rows = await listAllTestimonials(db);
    return {
      testimonials: rows.map((row, i) => toAdminTestimonial(row, i + 1)),
      limit: TESTIMONIAL_LIMITS.count,
    };
  }

  return {
    list,

    async create(input: CreateTestimonial, actor: Actor): Promise<AdminTestimonial> {
      const values: NewTestimonial = { ...input };
      const created = await insertTestimonial(db, values, TESTIMONIAL_LIMITS.count, ({ row, position }) =>
        logs.auditRow({
          ...actor,
          ...AUDITED,
          action: "testimonial.create",
          recordId: row.id,
          newValues: { ...auditValues(row), position },
        }),
      );
      if (!created) throw conflict(TESTIMONIAL_TEXT.tooMany);
      return toAdminTestimonial(created.row, created.position);
    },

    async update(id: string, changes: UpdateTestimonial, actor: Actor): Promise<AdminTestimonial> {
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const updated = await updateTestimonial(db, id, defined as Partial<NewTestimonial>, (before, after) =>
        logs.auditRow({
          ...actor,
          ...AUDITED,
          action: "testimonial.update",
          recordId: id,
          ...changedValues(auditValues(before), auditValues(after)),
        }),
      );
      if (!updated) throw notFound(TESTIMONIAL_TEXT.notFound);
      return toAdminTestimonial(updated.row, updated.position);
    },

    async remove(id: string, actor: Actor): Promise<TestimonialRemoval> {
      const removed = await deleteTestimonial(db, id, ({ row, position }) =>
        logs.auditRow({
          ...actor,
          ...AUDITED,
          action: "testimonial.delete",
          recordId: id,
          oldValues: { ...auditValues(row), position },
        }),
      );
      if (!removed) throw notFound(TESTIMONIAL_TEXT.notFound);
      return { id };
    },

    /**
     * One place earlier (up) or later (down); the whole list answers. The first moved up or the
     * last moved down stays where it is (nothing changes, nothing is audited).
     */
    async move(id: string, direction: MoveDirection, actor: Actor): Promise<TestimonialList> {
      const result = await moveTestimonial(db, id, direction, ({ from, to }) =>
        logs.auditRow({
          ...actor,
          ...AUDITED,
          action: "testimonial.move",
          recordId: id,
          oldValues: { position: from },
          newValues: { position: to },
        }),
      );
      if (result.outcome === "missing") throw notFound(TESTIMONIAL_TEXT.notFound);
      return list();
    },
  };
}

export type AdminTestimonialsService = ReturnType<typeof createAdminTestimonialsService>;

import { Hono } from "hono";
import type { z } from "zod";
import { actorOf } from "./actor";
import type { AppEnv } from "./env";
import { validate } from "./validate";

type Actor = ReturnType<typeof actorOf>;

/** A service that keeps one kind of record: each change is made in the name of who asked. */
export interface RecordService<Create, Update, Saved, Removed> {
  create(input: Create, actor: Actor): Promise<Saved>;
  update(id: string, input: Update, actor: Actor): Promise<Saved>;
  remove(id: string, actor: Actor): Promise<Removed>;
}

/**
 * POST / (201), PATCH /:id and DELETE /:id of a kind of record administrators keep, checked with
 * the id parameter's, the new record's and the change's schemas. The created or changed record is
 * answered under `name`; a removal as the service answers it.
 */
export function recordRoutes<CreateSchema extends z.ZodType, UpdateSchema extends z.ZodType, Saved, Removed>(
  name: string,
  service: RecordService<z.output<CreateSchema>, z.output<UpdateSchema>, Saved, Removed>,
  idParam: z.ZodType<{ id: string }>,
  createBody: CreateSchema,
  updateBody: UpdateSchema,
) {
  return new Hono<AppEnv>()
    .post("/", validate("json", createBody), async (c) =>
      c.json({ [name]: await service.create(c.req.valid("json"), actorOf(c)) }, 201),
    )
    .patch("/:id", validate("param", idParam), validate("json", updateBody), async (c) =>
      c.json({ [name]: await service.update(c.req.valid("param").id, c.req.valid("json"), actorOf(c)) }),
    )
    .delete("/:id", validate("param", idParam), async (c) =>
      c.json(await service.remove(c.req.valid("param").id, actorOf(c))),
    );
}

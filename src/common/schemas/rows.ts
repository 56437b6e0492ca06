/**
 * What every resource's row (architecture §4) has: the abilities beside it and the columns most rows
 * share. Each resource's row schema lives beside its form schema, in the resource's own file; the
 * server serialises every resource answer through them (response schemas: nothing unlisted leaves the
 * server, and the OpenAPI document is complete) and the client takes its row types from them.
 */
import { z } from 'zod';

export const text = z.string();
export const maybeText = z.string().nullable();
export const maybeId = z.number().nullable();

/** What the caller may do with a row, decided by the server's roles, owner rule and guards. */
export const Abilities = z.object({ update: z.boolean(), soft_delete: z.boolean(), restore: z.boolean(), destroy: z.boolean() });
export type Abilities = z.infer<typeof Abilities>;

/**
 * The abilities of an answer's rows, beside the rows (`policies`, as outline's API sends them): the
 * rows stay the spec's shape, and the client offers only what the server would allow. Rows that share
 * their abilities share one entry: a 100-row list has one or two, not a hundred (architecture §10).
 */
export const Policy = z.object({ ids: z.array(z.number()), abilities: Abilities });
export type Policy = z.infer<typeof Policy>;

/** The bookkeeping columns of a record most resources keep. */
export const stamped = { creator: maybeId, slug: text, status: z.number(), created_at: text, updated_at: text };

/**
 * A valid form body for every writable resource, so the authorization matrix and the fuzzing can
 * create real rows. A body is made from the examples its form's fields declare (src/common/examples.ts):
 * the row's owner is the given institute and every unique field takes `n` into its example. Only a
 * body that needs other rows first has a sample of its own below. A resource whose form leaves a
 * required field without an example fails those suites by name.
 */
import { z } from 'zod';
import { examplesOf } from '../../common/examples.js';
import type { ResourceDefinition } from '../lib/resource/definition.js';
import { resources } from '../modules/resources.js';
import type { client } from './test-app.js';

export type Api = ReturnType<typeof client>;

/** `n` makes unique values (emails, transaction ids); `ownerId` is the institute a row belongs to. */
export type SampleContext = { n: number; ownerId: number; admin: Api };

type Sample = (ctx: SampleContext) => Promise<Record<string, unknown>> | Record<string, unknown>;

/** A unique field's example with its last number replaced by `n` (zero-padded to that number's length, so values stay distinct). */
function varied(resource: string, field: string, value: unknown, n: number): unknown {
  const digits = typeof value === 'string' ? [...value.matchAll(/\d+/g)].at(-1) : undefined;
  if (typeof value !== 'string' || !digits) throw new Error(`${resource}: the unique field ${field} needs an example with a number for the tests to vary`);
  return value.slice(0, digits.index) + String(n).padStart(digits[0].length, '0') + value.slice(digits.index + digits[0].length);
}

/** The body of `definition`'s create form from its fields' examples; `given` fields are taken as they are. */
function exampleBody(definition: ResourceDefinition, { n, ownerId }: SampleContext, given: Record<string, unknown> = {}): Record<string, unknown> {
  const form = definition.storeSchema;
  if (!(form instanceof z.ZodObject)) throw new Error(`no sample body for resource ${definition.name}: its form is not an object of fields`);
  const shape = form.shape;
  const body: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    if (field in given) body[field] = given[field];
    else if (field === definition.owner) body[field] = ownerId;
    else {
      const { examples, unique } = examplesOf(schema);
      if (examples?.length) body[field] = unique ? varied(definition.name, field, examples[0], n) : examples[0];
      else if (!schema.safeParse(undefined).success)
        throw new Error(
          `no sample body for resource ${definition.name}: its required field ${field} has no example (example() in src/common/schemas) and src/server/test/resource-samples.ts gives none`,
        );
    }
  }
  return body;
}

const definitionOf = (name: string) => resources.find((definition) => definition.name === name)!;

/** Bodies that need other rows first. */
const explicit: Record<string, Sample> = {
  'web-page-sub-menu': async (ctx) => {
    const menu = await ctx.admin.post('/api/v1/web-page-menu/store', exampleBody(definitionOf('web-page-menu'), { ...ctx, n: 100_000 + ctx.n }));
    return exampleBody(definitionOf('web-page-sub-menu'), ctx, { web_page_menu_id: (menu.body.data as { id: number }).id });
  },
};

export const samples: Record<string, Sample> = Object.fromEntries(
  resources
    .filter((definition) => definition.storeSchema)
    .map((definition) => [definition.name, explicit[definition.name] ?? ((ctx: SampleContext) => exampleBody(definition, ctx))]),
);

/**
 * Examples of a form's fields, as zod's `examples` metadata: the API documentation (/api/docs) shows
 * them, and the server's tests build a valid body of every resource from them
 * (src/server/test/resource-samples.ts). A field two rows may not share is marked unique, so each of
 * those bodies varies it.
 */
import { z } from 'zod';

/** Fields whose value two rows may not share (kept apart from the documentation's metadata). */
const uniqueFields = z.registry<{ unique: true }>();

/**
 * The schema that carries a field's metadata: the one describing what a client sends, inside any
 * default or optional wrapper and preprocessing step. zod documents a form's input without the
 * examples of a schema that transforms (they would describe what it turns the input into).
 */
function described(field: z.ZodType): z.ZodType {
  let schema = field;
  for (;;) {
    if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap() as z.ZodType;
    else if (schema instanceof z.ZodPipe) schema = (schema.in instanceof z.ZodTransform ? schema.out : schema.in) as z.ZodType;
    else return schema;
  }
}

/**
 * Gives `field` its examples (values a client may send) and returns it. `unique` examples must hold a
 * number, which the tests' bodies replace with their own.
 */
export function example<T extends z.ZodType>(field: T, examples: readonly z.output<T>[], options: { unique?: true } = {}): T {
  const target = described(field);
  target.register(z.globalRegistry, { ...z.globalRegistry.get(target), examples: [...examples] });
  if (options.unique) target.register(uniqueFields, { unique: true });
  return field;
}

/** A field's examples, if it has any, and whether two rows may share its value. */
export function examplesOf(field: z.ZodType): { examples: readonly unknown[] | undefined; unique: boolean } {
  const target = described(field);
  const { examples } = z.globalRegistry.get(target) ?? {};
  return { examples: Array.isArray(examples) ? examples : undefined, unique: uniqueFields.has(target) };
}

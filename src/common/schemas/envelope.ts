/** Shapes every JSON answer of the API shares (architecture §4). */
import { z } from 'zod';

/** A 422: field name (dotted for nested fields) → messages, first one shown under the field. */
export const ValidationErrorEnvelope = z.object({
  message: z.string(),
  data: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrors = z.infer<typeof ValidationErrorEnvelope>['data'];

export const ErrorEnvelope = z.object({ message: z.string(), data: z.null() });

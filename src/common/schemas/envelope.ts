/** Shapes every JSON answer of the API shares (architecture §4). */
import { z } from 'zod';

/** A 422: field name (dotted for nested fields) → messages, first one shown under the field. */
export const ValidationErrorEnvelope = z.object({
  message: z.string(),
  data: z.record(z.string(), z.array(z.string())),
});

export const ErrorEnvelope = z.object({ message: z.string(), data: z.null() });

/** A 2xx answer: the message in the request's language and the route's data. */
export const answerEnvelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** A file sent as an attachment (a sheet, a PDF, an export): its bytes or a stream of them, never serialised as JSON. */
export const FileAnswer = z.unknown().meta({ type: 'string', format: 'binary', description: 'The file, sent as an attachment.' });

/**
 * The list query every resource accepts (spec §7, architecture §4) and the paginator it answers.
 * Only the shape is checked here; which columns, relations and operators a resource allows is
 * checked by the server against the resource's definition.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';
import { LANGS } from '../messages.js';
import { MAX_ID, optionalChoice, optionalInt, optionalText } from '../validation.js';

export const CONDITION_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'in'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

const scalar = z.union([z.string().max(191, 'too_long'), z.number(), z.null()], { error: 'invalid_conditions' });
const conditionValue = z.union([scalar, z.record(z.string(), z.union([scalar, z.array(scalar).max(100, 'too_big')], { error: 'invalid_conditions' }))], {
  error: 'invalid_conditions',
});

/**
 * A `__proto__` key of parsed JSON (a column or an operator) would vanish when zod copies the object,
 * and the condition with it: it is refused as the unknown name it is.
 */
function hasProtoKey(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 1) return false;
  return Object.hasOwn(value, '__proto__') || Object.values(value).some((inner) => hasProtoKey(inner, depth + 1));
}

/** `{column: value}` for equality or `{column: {operator: value}}`; sent as JSON text in a query string. */
export const Conditions = z.preprocess(
  (value) => {
    // The spec's client encodes "no conditions" as an empty list, as the original server did.
    const noConditions = (v: unknown) => (Array.isArray(v) && v.length === 0 ? undefined : v);
    if (typeof value !== 'string') return noConditions(value);
    if (value.trim() === '') return undefined;
    try {
      return noConditions(JSON.parse(value));
    } catch {
      return value;
    }
  },
  z
    .custom((value) => !hasProtoKey(value), 'unknown_column')
    .pipe(z.record(z.string().max(64, 'too_long'), conditionValue, { error: 'invalid_conditions' }).optional()),
);
export type Conditions = z.infer<typeof Conditions>;

/** A list of names, given repeated (`fields[]=a&fields[]=b`) or comma-separated. */
const nameList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : value,
  z
    .array(z.string({ error: 'unknown_column' }).max(64, 'too_long'), { error: 'unknown_column' })
    .max(100, 'too_big')
    .optional(),
);

const flag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' || value === '' ? false : value),
  z.boolean({ error: 'invalid_flag' }).optional(),
);

export const ListQuery = z
  .object({
    page: optionalInt(1, 1_000_000),
    /** Keyset paging (architecture §8): the last id of the page before; the list's next_page_url carries it. */
    after_id: optionalInt(1, MAX_ID),
    paginate: optionalInt(1, MAX_PAGE_SIZE),
    status: optionalInt(0, 1),
    orderByCol: optionalText(64),
    orderByAsc: flag,
    search: optionalText(100),
    fields: nameList,
    relations: nameList,
    conditions: Conditions,
  })
  .catchall(z.string({ error: 'invalid_text' }).max(191, 'too_long'));
export type ListQuery = z.infer<typeof ListQuery>;

export const PageLink = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });
export type PageLink = z.infer<typeof PageLink>;

/** Laravel's paginator shape, which the client's pagination follows. */
export type Paginated<Row> = {
  data: Row[];
  current_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  last_page: number;
  prev_page_url: string | null;
  next_page_url: string | null;
  links: PageLink[];
  /** Present when a search matched more rows than the server counts (10,000): `total` is then that number, a lower bound. */
  total_capped?: true;
};

/** The paginator's schema around a row schema, for the response schemas of lists. */
export function paginatedOf<Row extends z.ZodType>(row: Row) {
  return z.object({
    data: z.array(row),
    current_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    last_page: z.number(),
    prev_page_url: z.string().nullable(),
    next_page_url: z.string().nullable(),
    links: z.array(PageLink),
    total_capped: z.literal(true).optional(),
  });
}

export const IdBody = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: 'required' }).int('invalid_number').positive('invalid_number').max(MAX_ID, 'invalid_number'),
  ),
});

/** The export's file types; CSV when a request names none (the spec's client). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * POST /api/v1/export-data: which resource, the file's type, title and language (headers and codes'
 * labels; Accept-Language when absent), and the same filters as its list.
 */
export const ExportBody = z.object({
  model: z.string({ error: 'required' }).min(1, 'required').max(64, 'too_long'),
  export_title: optionalText(100),
  search: optionalText(100),
  status: optionalInt(0, 1),
  conditions: Conditions,
  columns: nameList,
  format: optionalChoice(EXPORT_FORMATS),
  lang: optionalChoice(LANGS),
});
export type ExportBody = z.infer<typeof ExportBody>;

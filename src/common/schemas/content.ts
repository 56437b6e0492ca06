/** Forms of the website-management resources: menus, sub menus and the three category kinds (spec §3, §5). */
import { z } from 'zod';
import { example } from '../examples.js';
import { isStoredLink } from '../links.js';
import { optionalInt, optionalText, requiredId, requiredText } from '../validation.js';
import { maybeText, stamped, text } from './rows.js';

/** A 0/1 switch; a form that leaves it out gets `fallback`, so an update always sets it. */
const flag01 = (fallback: 0 | 1) =>
  z.preprocess(
    (value) =>
      value === true || value === 'true' || value === '1' || value === 1
        ? 1
        : value === false || value === 'false' || value === '0' || value === 0
          ? 0
          : value === ''
            ? undefined
            : value,
    z.union([z.literal(0), z.literal(1)], { error: 'invalid_flag' }).default(fallback),
  );

/** A link inside the site ('/about', 'notice/12') or an absolute http(s) address: the one rule of links.ts. */
const requiredLink = () => requiredText(255).refine(isStoredLink, 'invalid_url');
const optionalLink = () => optionalText(255).refine((v) => v === undefined || isStoredLink(v), 'invalid_url');

export const CategoryBody = z.object({ title: example(requiredText(), ['Admission 2026'], { unique: true }) });
export type CategoryBody = z.infer<typeof CategoryBody>;

export const menuFields = {
  title: example(requiredText(), ['Results 2026'], { unique: true }),
  content_url: example(requiredLink(), ['/results', 'https://www.example.org/notices']),
  redirect_url: optionalLink(),
  is_external: flag01(0),
  is_published: flag01(1),
  position: optionalInt(0, 10_000).default(0),
};

export const MenuBody = z.object(menuFields);
export type MenuBody = z.infer<typeof MenuBody>;

export const SubMenuBody = z.object({ ...menuFields, web_page_menu_id: requiredId() });
export type SubMenuBody = z.infer<typeof SubMenuBody>;

export const UserRoleBody = z.object({ title: example(requiredText(), ['Moderator 1'], { unique: true }) });
export type UserRoleBody = z.infer<typeof UserRoleBody>;

/** Rows as the API answers them (their shared columns and the policies beside them: rows.ts). */
export const UserRoleRow = z.object({ id: z.number(), title: text, slug: text, status: z.number(), created_at: text, updated_at: text });

export const CategoryRow = z.object({ id: z.number(), title: text, ...stamped });

const menuShape = {
  id: z.number(),
  title: text,
  content_url: text,
  redirect_url: maybeText,
  is_external: z.number(),
  position: z.number(),
  is_published: z.number(),
  ...stamped,
};
export const MenuRow = z.object(menuShape);
export const SubMenuRow = z.object({ ...menuShape, web_page_menu_id: z.number(), menu: z.object({ id: z.number(), title: text }).nullable() });

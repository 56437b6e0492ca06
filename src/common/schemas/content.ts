/** Forms of the website-management resources: menus, sub menus and the three category kinds (spec §3, §5). */
import { z } from 'zod';
import { isStoredLink } from '../links.js';
import { optionalInt, optionalText, requiredId, requiredText } from '../validation.js';

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

export const CategoryBody = z.object({ title: requiredText() });
export type CategoryBody = z.infer<typeof CategoryBody>;

export const menuFields = {
  title: requiredText(),
  content_url: requiredLink(),
  redirect_url: optionalLink(),
  is_external: flag01(0),
  is_published: flag01(1),
  position: optionalInt(0, 10_000).default(0),
};

export const MenuBody = z.object(menuFields);
export type MenuBody = z.infer<typeof MenuBody>;

export const SubMenuBody = z.object({ ...menuFields, web_page_menu_id: requiredId() });
export type SubMenuBody = z.infer<typeof SubMenuBody>;

export const UserRoleBody = z.object({ title: requiredText() });
export type UserRoleBody = z.infer<typeof UserRoleBody>;

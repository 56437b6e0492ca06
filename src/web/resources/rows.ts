/**
 * Rows as the API returns them (architecture §4). The server's response schemas are their source;
 * until src/common exports them, these mirror the shapes the API documents.
 */
export type Record01 = 0 | 1;

type Stamped = { status: number; slug: string; created_at: string; updated_at: string };

export type CategoryRow = { id: number; title: string; creator: number | null } & Stamped;

export type UserRoleRow = { id: number; title: string } & Stamped;

export type MenuRow = {
  id: number;
  title: string;
  content_url: string;
  redirect_url: string | null;
  is_external: Record01;
  position: number | null;
  is_published: Record01;
  creator: number | null;
} & Stamped;

export type SubMenuRow = MenuRow & { web_page_menu_id: number; menu?: { id: number; title: string } | null };

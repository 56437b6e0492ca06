/** URL-safe slug from the Latin letters and digits of a text; `fallback` when there are none (Bengali text). */
export function slugify(text: string | null | undefined, fallback: string): string {
  const slug = (text ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || fallback;
}

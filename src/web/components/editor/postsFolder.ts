/** Where an image put into the rich-text editor is stored (spec §7): posts/YYYY/MM/DD, the day in Bangladesh. */
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka', year: 'numeric', month: '2-digit', day: '2-digit' });

export function postsFolder(now: Date = new Date()): string {
  const part = Object.fromEntries(DAY.formatToParts(now).map(({ type, value }) => [type, value]));
  return `posts/${part.year}/${part.month}/${part.day}`;
}

/** A stored path ('uploads/posts/…') as the site-relative address an <img> in page content uses. */
export const siteAddress = (path: string) => `/${path.replace(/^\/+/, '')}`;

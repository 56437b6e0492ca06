/** Where the public website serves a page (architecture §5: /{url}) and a stored file (/{path}). */
export const publicPageHref = (url: string) => `/${url.replace(/^\/+/, '')}`;

/** The full address shown under the url field: what visitors will type or share. */
export const publicPageAddress = (url: string, origin: string = window.location.origin) => `${origin}${publicPageHref(url)}`;

export const storedFileHref = (path: string) => `/${path.replace(/^\/+/, '')}`;

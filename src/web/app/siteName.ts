/**
 * The site's name as the admin set it in the settings (GET /api/site-identity), one setting for every
 * place: the headers, the browser title, the login and register screens, the printed sheet. Until it
 * answers (or if it cannot), the interface's own name stands in. A small store, like the session's,
 * so the login screen carries no query library.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteIdentity } from '../../common/schemas/reference';
import { apiRequest } from '../api/client';

let siteName: string | null = null;
const listeners = new Set<() => void>();

/** Asks the server for the name again (at start, and after the admin saves settings). */
export async function refreshSiteName(): Promise<void> {
  try {
    const { data } = await apiRequest<SiteIdentity>('/site-identity', { method: 'GET' });
    siteName = data.site_name;
    for (const listener of listeners) listener();
  } catch {
    // The interface's own name stays; nothing a user could act on.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteName(): string {
  const { t } = useTranslation();
  return useSyncExternalStore(subscribe, () => siteName) ?? t('app.name');
}

/** Keeps the browser's title on the site's name. */
export function SiteTitle() {
  const name = useSiteName();
  useEffect(() => {
    document.title = name;
  }, [name]);
  return null;
}

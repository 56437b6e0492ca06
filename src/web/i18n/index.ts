/**
 * Interface language: Bengali by default, English on request, remembered in localStorage.
 * Bengali text is bundled; the English catalog is fetched only when English is chosen.
 * The back office's text is added by the shell's chunk, so the login screen does not carry it: the
 * part the machinery shares (./office) and each feature's own (./features.ts). API messages come from src/common/messages.ts; this covers
 * the screens' own text.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../common/messages';
import { bn } from './bn';
import type { Catalog, CoreCatalog } from './catalog';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Every key the shell may use; the back office's parts are there before the shell renders.
    resources: { translation: Catalog };
  }
}

const STORAGE_KEY = 'lang';

const catalogs: Record<Lang, () => Promise<CoreCatalog>> = {
  bn: async () => bn,
  en: async () => (await import('./en')).en,
};

const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

/** A catalog part: more keys merged into the same namespace, Bengali at hand, English fetched on demand. */
export type CatalogPart = { bn: object; en: () => Promise<object> };

const parts: CatalogPart[] = [];
const loaded = new Set<string>();

async function loadOnce(key: string, load: () => Promise<object>, lang: Lang): Promise<void> {
  if (loaded.has(key)) return;
  const texts = await load();
  if (loaded.has(key)) return;
  loaded.add(key);
  // Deep: a part may add keys to a group of the core catalog (fields, resources).
  i18next.addResourceBundle(lang, 'translation', texts, true, true);
}

async function loadCatalog(lang: Lang): Promise<void> {
  await loadOnce(`core:${lang}`, catalogs[lang], lang);
  await Promise.all(parts.map((part, index) => loadOnce(`part${index}:${lang}`, lang === 'bn' ? async () => part.bn : part.en, lang)));
}

function storedLanguage(): Lang {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLang(stored) ? stored : 'bn';
}

const initial = storedLanguage();
document.documentElement.lang = initial;

loaded.add('core:bn');
void i18next.use(initReactI18next).init({
  resources: { bn: { translation: bn } },
  lng: 'bn',
  fallbackLng: 'bn',
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
});

export const i18n = i18next;

export async function changeLanguage(lang: Lang): Promise<void> {
  await loadCatalog(lang);
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

/**
 * Adds a catalog part: its Bengali text at once, its English text when English is shown (now or
 * later). Returns a promise to wait for before rendering its screens, or null when nothing is missing.
 */
export function addCatalogPart(part: CatalogPart): Promise<void> | null {
  const index = parts.push(part) - 1;
  loaded.add(`part${index}:bn`);
  i18next.addResourceBundle('bn', 'translation', part.bn, true, true);
  const lang = currentLanguage();
  return lang === 'bn' ? null : loadOnce(`part${index}:${lang}`, part.en, lang);
}

/** Resolves once the remembered language's text is ready; the app renders after it. */
export const languageReady: Promise<void> = initial === 'bn' ? Promise.resolve() : changeLanguage(initial);

/** The language the interface shows now; read by the API client for Accept-Language. */
export function currentLanguage(): Lang {
  return isLang(i18next.language) ? i18next.language : 'bn';
}

/** The current language, re-rendering the caller when it changes. */
export function useLanguage(): Lang {
  const { i18n: instance } = useTranslation();
  return isLang(instance.language) ? instance.language : 'bn';
}

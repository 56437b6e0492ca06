/**
 * Interface language: Bengali by default, English on request, remembered in localStorage.
 * Bengali text is bundled; the English catalog is fetched only when English is chosen.
 * API messages come from src/common/messages.ts; this covers the screens' own text.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../common/messages';
import { bn } from './bn';
import type { Catalog } from './catalog';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof bn };
  }
}

const STORAGE_KEY = 'lang';

const catalogs: Record<Lang, () => Promise<Catalog>> = {
  bn: async () => bn,
  en: async () => (await import('./en')).en,
};

const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

async function loadCatalog(lang: Lang): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) i18next.addResourceBundle(lang, 'translation', await catalogs[lang]());
}

function storedLanguage(): Lang {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLang(stored) ? stored : 'bn';
}

const initial = storedLanguage();
document.documentElement.lang = initial;

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

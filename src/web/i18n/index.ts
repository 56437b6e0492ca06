/**
 * Interface language: Bengali by default, English on request, remembered in localStorage.
 * API messages come from src/common/messages.ts; this covers the screens' own text.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../common/messages';
import { bn } from './bn';
import { en } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof bn };
  }
}

const STORAGE_KEY = 'lang';

const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

function storedLanguage(): Lang {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLang(stored) ? stored : 'bn';
}

function markDocument(lang: Lang): void {
  document.documentElement.lang = lang;
}

const initial = storedLanguage();
markDocument(initial);

void i18next.use(initReactI18next).init({
  resources: { bn: { translation: bn }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'bn',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
});

export const i18n = i18next;

/** The language the interface shows now; read by the API client for Accept-Language. */
export function currentLanguage(): Lang {
  return isLang(i18next.language) ? i18next.language : 'bn';
}

export async function changeLanguage(lang: Lang): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lang);
  markDocument(lang);
  await i18next.changeLanguage(lang);
}

/** The current language, re-rendering the caller when it changes. */
export function useLanguage(): Lang {
  const { i18n: instance } = useTranslation();
  return isLang(instance.language) ? instance.language : 'bn';
}

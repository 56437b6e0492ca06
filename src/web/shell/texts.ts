/**
 * The back office's text, added to the interface catalogs with the shell's chunk: the part the machinery
 * shares (../i18n/office) and every feature's own (../i18n/features.ts), gathered here by glob so adding a
 * feature leaves this file alone. Bengali is in this chunk; the features' English is one chunk of its own
 * (./featureTextsEnglish.ts), fetched when English is shown. The shell waits for `shellTextReady`.
 */
import { addCatalogPart } from '../i18n';
import { mergeTexts } from '../i18n/features';
import { officeTextReady } from '../i18n/office';

const bengali = import.meta.glob<object>('../features/*/i18n/bn.ts', { eager: true, import: 'bn' });

// Should the English part fail to arrive, its screens fall back to the Bengali text rather than break.
const featureTextReady = addCatalogPart({ bn: mergeTexts(Object.values(bengali)), en: async () => (await import('./featureTextsEnglish')).english })?.catch(
  () => undefined,
);

/** Resolves once the shown language's text is in, or null when nothing is missing (Bengali). */
export const shellTextReady: Promise<unknown> | null = officeTextReady || featureTextReady ? Promise.all([officeTextReady, featureTextReady]) : null;

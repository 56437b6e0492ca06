/**
 * Adds the back office's text (./bn, ./en) to the interface catalogs. Imported by the shell's
 * chunk only; the shell waits for `officeTextReady` (English only) before rendering a screen.
 */
import { addCatalogPart } from '../index';
import { bnOffice } from './bn';

// Should the English part fail to arrive, its screens fall back to the Bengali text rather than break.
export const officeTextReady: Promise<void> | null =
  addCatalogPart({ bn: bnOffice, en: async () => (await import('./en')).enOffice })?.catch(() => undefined) ?? null;

/** Every feature's English text in one chunk, fetched only when English is shown (./texts.ts). */
import { mergeTexts } from '../i18n/features';

const files = import.meta.glob<object>('../features/*/i18n/en.ts', { eager: true, import: 'en' });

export const english = mergeTexts(Object.values(files));

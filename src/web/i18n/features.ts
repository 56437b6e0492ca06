/**
 * The features' own text (src/web/features/<feature>/i18n/{bn,en}.ts): each feature's Bengali file adds
 * its catalog to `FeatureTexts` (a module augmentation) and the shell gathers the files by glob
 * (shell/texts.ts), so no list of features is kept here. English is typed as the Bengali file it
 * translates, so a missing or extra key fails to compile. No imports, and `.js` specifiers in the
 * feature files: the end-to-end tests read them under Node's resolution too.
 */

/** Each feature's Bengali catalog by the feature's name; filled by the features' bn.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the features add its members
export interface FeatureTexts {}

type AllOf<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/** Every feature's keys in one catalog; features may add to a group another declares (fields, resources). */
export type FeatureCatalog = AllOf<FeatureTexts[keyof FeatureTexts]>;

type Texts = { [key: string]: string | Texts };

/** The catalogs merged into one, groups merged key by key (as i18next's deep addResourceBundle does). */
export function mergeTexts(parts: readonly object[]): Texts {
  const merged: Texts = {};
  for (const part of parts as readonly Texts[]) {
    for (const [key, value] of Object.entries(part)) {
      const held = merged[key];
      merged[key] = typeof value === 'object' && typeof held === 'object' ? mergeTexts([held, value]) : value;
    }
  }
  return merged;
}

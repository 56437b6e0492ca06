/** The shape of an interface-text catalog: the Bengali one's keys, each holding a string. */
import type { bn } from './bn';
import type { en } from './en';
import type { FeatureCatalog } from './features';
import type { bnOffice } from './office/bn';
import type { enOffice } from './office/en';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** The text the login chunk carries. */
export type CoreCatalog = Strings<typeof bn>;
/** The back office's shared part, added by the shell's chunk (./office). */
export type OfficeCatalog = Strings<typeof bnOffice>;
/** Every key a screen inside the shell may use: the features' own text too (./features.ts). */
export type Catalog = typeof bn & typeof bnOffice & FeatureCatalog;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

/** Fails to compile when an English catalog misses a key of the Bengali one, or has one too many. */
export type EnglishMatchesBengali = Assert<Same<Strings<typeof en>, CoreCatalog>>;
export type EnglishOfficeMatchesBengali = Assert<Same<Strings<typeof enOffice>, OfficeCatalog>>;

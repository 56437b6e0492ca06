/** The shape of an interface-text catalog: the Bengali one's keys, each holding a string. */
import type { bn } from './bn';
import type { en } from './en';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type Catalog = Strings<typeof bn>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

/** Fails to compile when the English catalog misses a key of the Bengali one, or has one too many. */
export type EnglishMatchesBengali = Assert<Same<Strings<typeof en>, Catalog>>;

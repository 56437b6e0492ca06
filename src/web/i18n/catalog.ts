/** The shape of an interface-text catalog: the Bengali one's keys, each holding a string. */
import type { bn } from './bn';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type Catalog = Strings<typeof bn>;

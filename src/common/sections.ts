/**
 * The shell's sections (spec §2 Shell, §6) as data: each one's path, the roles that may open it and
 * where the navigation lists it. A resource's section comes from its entry in the resource list
 * (resources.ts); the others are listed here. The client adds icons and screens (each feature's
 * section.ts); the server keeps page urls off their first path segments (site-paths.ts).
 */
import type { Role } from './constants.js';
import { RESOURCES, type ResourceKey } from './resources.js';

/** The main list, the website management group, or the bottom of the navigation. */
export type SectionPlace = 'main' | 'website' | 'bottom';

export type SectionData<Key extends string = string> = {
  /** Its label is nav.{key} in the client's catalogs. */
  key: Key;
  path: string;
  roles: readonly Role[];
  place: SectionPlace;
  /** Spec §4: the users module sends others to the Dashboard; the other modules refuse in place. */
  whenDenied: 'redirect' | 'refuse';
};

const BOTH: readonly Role[] = ['admin', 'institute'];
const ADMIN: readonly Role[] = ['admin'];
/** The marks screen's: an examiner enters marks and nothing else (docs/integrators/results.md). */
const MARKS: readonly Role[] = ['admin', 'examiner'];
/** Every account has its profile. */
const EVERYONE: readonly Role[] = ['admin', 'institute', 'examiner'];

/** Where the resources' own sections go in a place's list: in the resource list's order. */
const RESOURCE_SECTIONS = 'resources';

/** Each place's sections in the navigation's order. */
const PLACES = {
  main: [
    { key: 'dashboard', path: '/', roles: BOTH, whenDenied: 'refuse' },
    RESOURCE_SECTIONS,
    // The exam, its centres and the seat plan (architecture §9); institutes reach their admit cards from the dashboard.
    { key: 'exam', path: '/exam', roles: ADMIN, whenDenied: 'refuse' },
    // Results day (architecture §9): marks by admins and examiners, then processing and publication by admins.
    { key: 'marks', path: '/marks', roles: MARKS, whenDenied: 'refuse' },
    { key: 'results', path: '/results', roles: ADMIN, whenDenied: 'refuse' },
    // Scholarships paid (docs/integrators/payouts.md): the admin's batches, each institute's winners' details.
    { key: 'payouts', path: '/payouts', roles: BOTH, whenDenied: 'refuse' },
  ],
  website: [RESOURCE_SECTIONS, { key: 'pageBuilder', path: '/web-pages-management/page-builder', roles: ADMIN, whenDenied: 'refuse' }],
  bottom: [
    { key: 'settings', path: '/settings', roles: ADMIN, whenDenied: 'refuse' },
    RESOURCE_SECTIONS,
    { key: 'profile', path: '/profile', roles: EVERYONE, whenDenied: 'refuse' },
  ],
} as const satisfies Record<SectionPlace, readonly (Omit<SectionData, 'place'> | typeof RESOURCE_SECTIONS)[]>;

type Entry<K extends ResourceKey> = (typeof RESOURCES)[K];
/** The section key of a resource with its own section: its entry's, or the resource's key. */
type ResourceSectionKey = {
  [K in ResourceKey]: Entry<K> extends { section: infer S } ? (S extends { key: infer Key extends string } ? Key : K) : never;
}[ResourceKey];
type ListedSectionKey = Exclude<(typeof PLACES)[SectionPlace][number], typeof RESOURCE_SECTIONS>['key'];

/** A section the shell has. */
export type SectionKey = ListedSectionKey | ResourceSectionKey;

/** The sections the resource list gives `place`, in its order. */
function resourceSections(place: SectionPlace): SectionData<SectionKey>[] {
  return (Object.keys(RESOURCES) as ResourceKey[]).flatMap((key) => {
    const { name, roles, ...entry } = RESOURCES[key];
    if (!('section' in entry) || entry.section.place !== place) return [];
    const section: { place: SectionPlace; key?: string; path?: string; whenDenied?: 'redirect' } = entry.section;
    return [
      {
        key: (section.key ?? key) as SectionKey,
        path: section.path ?? (place === 'website' ? `/web-pages-management/${name}` : `/${name}`),
        roles: roles.read,
        place,
        whenDenied: section.whenDenied ?? 'refuse',
      },
    ];
  });
}

export const SECTIONS: readonly SectionData<SectionKey>[] = (Object.keys(PLACES) as SectionPlace[]).flatMap((place) =>
  PLACES[place].flatMap((item) => (item === RESOURCE_SECTIONS ? resourceSections(place) : [{ ...item, place }])),
);

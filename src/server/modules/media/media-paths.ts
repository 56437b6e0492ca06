/** Stored media paths (`uploads/<key>`) and their storage keys. */

/** The key under the storage root for a stored path (`uploads/<key>`). */
export const storageKey = (path: string) => path.slice('uploads/'.length);

/** Timestamps are stored as ISO-8601 UTC text on both dialects. */
export function now(): string {
  return new Date().toISOString();
}

export function secondsFromNow(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

/**
 * After registration the login screen shows the new institute id (spec §2). The marker lives in
 * sessionStorage: it survives a reload of the login screen but not the browser tab.
 */
const MARKER_KEY = 'registered_uid';

export function markRegistered(uid: string): void {
  sessionStorage.setItem(MARKER_KEY, uid);
}

export function registeredUid(): string | null {
  return sessionStorage.getItem(MARKER_KEY);
}

export function clearRegistered(): void {
  sessionStorage.removeItem(MARKER_KEY);
}

/** The bearer token of the logged-in account, kept across reloads (spec §4). */
export const TOKEN_KEY = 'auth_token';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function forgetToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

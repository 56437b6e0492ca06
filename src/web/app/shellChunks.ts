/**
 * The code of the signed-in app, fetched once and shared by the route that shows it and the login
 * screen that fetches it ahead: on a slow phone the shell and its landing screen then paint as soon as
 * the login answers, not after a second of chunks downloaded one wave after another (slow phones in
 * docs/developers/development.md).
 */
let shell: Promise<[typeof import('../shell/Shell'), typeof import('./QueryProvider')]> | undefined;

export function loadShell() {
  shell ??= Promise.all([import('../shell/Shell'), import('./QueryProvider')]);
  return shell;
}

/** The shell and the dashboard every sign-in lands on, fetched while the person types (idle time only). */
export function preloadSignedInApp(): void {
  const start = () => {
    void loadShell();
    void import('../shell/DashboardScreen');
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

/** Toasts (Mantine notifications) for the outcome of a call. */
import { notifications } from '@mantine/notifications';
import { translate } from '../../common/messages';
import { ApiError } from '../api/client';
import { currentLanguage, i18n } from '../i18n';

/** Error toasts still shown: they belong to the screen they were raised on. */
const errorToasts = new Set<string>();

export function notifyError(message: string): void {
  const id = notifications.show({ color: 'red', message, onClose: () => errorToasts.delete(id) });
  errorToasts.add(id);
}

/** Hides the error toasts of the screen left behind (a failed login's must not follow onto the dashboard). */
export function clearErrorToasts(): void {
  for (const id of errorToasts) notifications.hide(id);
  errorToasts.clear();
}

/** The server's own words for a call that worked ('Data stored successfully.'). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

/** What to tell the user about a failed call: the server's own message, or why there is none. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return i18n.t('common.networkError');
  if (error instanceof ApiError && error.message) return error.message;
  return translate(currentLanguage(), 'server_error');
}

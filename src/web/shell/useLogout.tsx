/** Logout after confirmation (spec §2): the server revokes the token, the client forgets the session. */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { authApi } from '../auth/api';
import { endSession } from '../auth/session';

async function logout(): Promise<void> {
  // A failed call (offline, token already gone) must not keep the user logged in on this device.
  await authApi.logout().catch(() => undefined);
  endSession();
}

/** Opens the confirmation; the shell shows the login screen once the session is gone. */
export function useLogout(): () => void {
  const { t } = useTranslation();
  return () =>
    modals.openConfirmModal({
      title: t('logout.title'),
      children: <Text size="sm">{t('logout.question')}</Text>,
      labels: { confirm: t('logout.confirm'), cancel: t('logout.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void logout(),
    });
}

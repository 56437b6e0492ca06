/**
 * Mounts the toast container the first time a toast is raised, so screens that never show one
 * (most page loads) do not fetch its code. Toasts raised before it mounts wait in the store.
 */
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Toaster = lazy(() => import('./Toaster'));

export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  // Once mounted it stays, so the last toast can still play its exit transition.
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

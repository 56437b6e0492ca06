/** The toast container (Mantine notifications) with its styles; ToastHost loads it on first use. */
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export default function Toaster() {
  // Spec §9: toasts hide after 5 seconds.
  return <Notifications position="top-center" autoClose={5000} />;
}

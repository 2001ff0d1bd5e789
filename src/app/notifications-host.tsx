import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notifications container with its stylesheet, loaded with the first notification (SPEC 8: top right). */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}

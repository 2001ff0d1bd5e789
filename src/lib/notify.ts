import { notifications } from '@mantine/notifications';

/** SPEC 8: every notification sits top right; failures carry the server's words under 'Info'. */
export const notify = {
  success: (message: string) => notifications.show({ title: 'Success', message, color: 'green' }),
  info: (message: string) => notifications.show({ title: 'Info', message, color: 'blue' }),
  error: (message: string) => notifications.show({ title: 'Error', message, color: 'red' }),
};

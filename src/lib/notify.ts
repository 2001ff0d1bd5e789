/**
 * SPEC 8: every notification sits top right; failures carry the server's words under 'Info'.
 * Mantine's notifications load on first use, which keeps them out of the first load of every screen.
 */
type Notice = { title: string; message: string; color: string };

function show(notice: Notice) {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(notice));
}

export const notify = {
  success: (message: string) => show({ title: 'Success', message, color: 'green' }),
  info: (message: string) => show({ title: 'Info', message, color: 'blue' }),
  error: (message: string) => show({ title: 'Error', message, color: 'red' }),
};

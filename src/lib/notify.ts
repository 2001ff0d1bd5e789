/**
 * SPEC 8: every notification sits top right; failures carry the server's words under 'Info'.
 * Mantine's notifications (store and container) load on first use, which keeps them out of every first load: the
 * providers mount the container once `notify.wanted()` turns true.
 */
type Notice = { title: string; message: string; color: string };

let wanted = false;
const listeners = new Set<() => void>();

function show(notice: Notice) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(notice));
}

/** For the providers: whether a notification has been raised yet, and a subscription to that. */
export const notificationsContainer = {
  wanted: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const notify = {
  success: (message: string) => show({ title: 'Success', message, color: 'green' }),
  info: (message: string) => show({ title: 'Info', message, color: 'blue' }),
  error: (message: string) => show({ title: 'Error', message, color: 'red' }),
};

import { createElement } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * SPEC 8: every notification sits top right; failures carry the server's words under 'Info' (or 'Error' where SPEC
 * says so), styled as failures: red, with an error icon.
 * Mantine's notifications (store and container) load on first use, which keeps them out of every first load: the
 * providers mount the container once `notify.wanted()` turns true.
 */
type Notice = { title: string; message: string; color: string; failed?: boolean };

const KEPT_KEY = 'success-after-reload';

let wanted = false;
const listeners = new Set<() => void>();
/** How many notifications have been raised: the nth has the id `notice-n` (see notify.mark). */
let raised = 0;
const notifications = () => import('@mantine/notifications').then((module) => module.notifications);

function show({ failed, ...notice }: Notice) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const icon = failed ? createElement(IconAlertTriangle, { size: 18, 'aria-hidden': true }) : undefined;
  const id = `notice-${++raised}`;
  void notifications().then((store) => store.show({ ...notice, id, icon }));
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
  /** A failure, under SPEC's title for it: 'Info' for the server's words (SPEC 8), 'Error' where SPEC says so. */
  failure: (message: string, title: 'Info' | 'Error' = 'Info') =>
    show({ title, message, color: 'red', failed: true }),
  error: (message: string) => notify.failure(message, 'Error'),
  /**
   * A success said after a full page reload (the own profile's save, SPEC 2.13), which would end one shown now: kept
   * in this tab's sessionStorage until showKept, which the signed-in screens call as they mount.
   */
  successAfterReload: (message: string) => sessionStorage.setItem(KEPT_KEY, message),
  /** A mark of this moment, for hideSince: a step of a flow (sign-in's password, then its code) starts. */
  mark: (): number => raised,
  /** Hides what was raised since `mark`: the step it belonged to is over, and its words with it. */
  hideSince(mark: number) {
    const ids = Array.from({ length: raised - mark }, (_, index) => `notice-${mark + index + 1}`);
    if (ids.length > 0) void notifications().then((store) => ids.forEach((id) => store.hide(id)));
  },
  /** Shows, once, the success kept for after the reload. */
  showKept() {
    const message = sessionStorage.getItem(KEPT_KEY);
    if (!message) return;
    sessionStorage.removeItem(KEPT_KEY);
    notify.success(message);
  },
};

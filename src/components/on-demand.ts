import { useState } from 'react';
import { notify } from '@/lib/notify';

export const NOT_LOADED = 'This part of the console could not be loaded. Check the connection and try again.';

/**
 * Code that only an interaction needs (a dialog, a tooltip), fetched on its first use and kept for every later one.
 * The hook gives the loaded value (null until then), whether it is on the way, and `request`, which the handler
 * calls: what the interaction asked for (a dialog opened) shows once the code is there, and a failed load says so in
 * a notification, leaving the control as it was, so the next try fetches again.
 */
export function onDemand<Loaded>(load: () => Promise<Loaded>) {
  let loaded: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;
  const fetch = () =>
    (loading ??= load().then(
      (value) => (loaded = value),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  return function useOnDemand() {
    // Functions (components) are kept as values, never called as state initialisers or updaters.
    const [value, setValue] = useState<{ current: Loaded } | null>(() =>
      loaded ? { current: loaded } : null,
    );
    const [pending, setPending] = useState(false);
    const request = () => {
      if (value) return;
      setPending(true);
      fetch().then(
        (current) => {
          setValue({ current });
          setPending(false);
        },
        (error: unknown) => {
          console.error(error);
          setPending(false);
          notify.error(NOT_LOADED);
        },
      );
    };
    return { loaded: value?.current ?? null, pending, request };
  };
}

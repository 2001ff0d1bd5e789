import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code loads on the first visit. */
export function ScreenLoader() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

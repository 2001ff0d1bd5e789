import { createTheme } from '@mantine/core';

// Mantine's close buttons carry an icon and no name; every dialog, drawer and notification gets one here.
const namedCloseButton = { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } };

export const theme = createTheme({
  primaryColor: 'grape',
  defaultRadius: 'md',
  fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
  headings: { fontFamily: 'Roboto, Helvetica, Arial, sans-serif' },
  // Keyed by name rather than Modal.extend(...), so the theme does not pull those components into the first load.
  components: { Modal: namedCloseButton, Drawer: namedCloseButton, Notification: namedCloseButton },
});

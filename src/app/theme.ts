import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'grape',
  defaultRadius: 'md',
  fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
  headings: { fontFamily: 'Roboto, Helvetica, Arial, sans-serif' },
});

import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';
import type { LayoutSettings } from './layout/layout-settings';

// Mantine's close buttons carry an icon and no name; every dialog, drawer and notification gets one here.
const namedCloseButton = { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } };

/** Mantine's spacing scale, tightened for the compact density (the comfortable one is Mantine's own). */
const COMPACT_SPACING = { xs: '0.375rem', sm: '0.5rem', md: '0.75rem', lg: '1rem', xl: '1.5rem' };

/**
 * WCAG 2.1 AA (4.5:1 for text) is met here, once, for every screen; screens do not pick their own greys or shades.
 * Filled colours use shade 8 (white on grape 8 is 5.8:1, on red 8 4.5:1; each accent colour of the settings drawer
 * passes too), and autoContrast puts dark text on the few fills where white would fail (green, orange, yellow).
 * The accent colour and the density are the admin's (app/layout/layout-settings.ts).
 */
export function themeFor({ accentColour, density }: Pick<LayoutSettings, 'accentColour' | 'density'>) {
  return createTheme({
    primaryColor: accentColour,
    primaryShade: 8,
    autoContrast: true,
    // White text wherever it beats black (relative luminance under 0.2), black text elsewhere.
    luminanceThreshold: 0.2,
    defaultRadius: 'md',
    ...(density === 'compact' ? { spacing: COMPACT_SPACING } : {}),
    fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
    headings: { fontFamily: 'Roboto, Helvetica, Arial, sans-serif' },
    // Keyed by name rather than Modal.extend(...), so the theme does not pull those components into the first load.
    components: { Modal: namedCloseButton, Drawer: namedCloseButton, Notification: namedCloseButton },
  });
}

/**
 * The light scheme's text colours, darkened to AA on the console's backgrounds (white, gray 0, the light tints):
 * dimmed text 5.8:1 on gray 0 (Mantine's gray 6: 3.3:1), placeholders 5.1:1, links in the accent colour's shade 8
 * (grape: 5.5:1), errors red 9 (5.2:1), and the text of every `light` variant (badges, light buttons) three quarters of shade 9 (green: 6.9:1 on
 * its tint, Mantine's 3.8:1).
 *
 * The dark scheme's, lightened to AA on its surfaces (body dark 7, inputs and striped rows dark 6, hovered rows
 * dark 5): dimmed text 4.8:1 on dark 5 (Mantine's dark 2: 4.0:1 on the body), placeholders 4.8:1 on dark 6, errors
 * red 4 (5.9:1 on dark 6; Mantine's red 8: 2.7:1). Links and coloured text (shade 4) and `light` variants (shade 0 on
 * a darkened shade 9) already pass.
 *
 * The `--console-*` surfaces are the layout's own greys (page, borders and dividers, table rows, empty media, the
 * fixed top bar) in each scheme, so shared CSS names a role rather than a shade that suits only one scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#646b73',
    '--mantine-color-anchor': 'var(--mantine-primary-color-8)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.25),
      ]),
    ),
    '--console-page': 'var(--mantine-color-gray-0)',
    '--console-border': 'var(--mantine-color-gray-3)',
    '--console-divider': 'var(--mantine-color-gray-2)',
    '--console-row-stripe': 'var(--mantine-color-gray-0)',
    '--console-row-hover': 'var(--mantine-color-gray-1)',
    '--console-muted': 'var(--mantine-color-gray-1)',
    '--console-top-bar': 'var(--mantine-color-white)',
  },
  dark: {
    '--mantine-color-dimmed': '#aaaaaa',
    '--mantine-color-placeholder': '#999999',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--console-page': 'var(--mantine-color-dark-8)',
    '--console-border': 'var(--mantine-color-dark-4)',
    '--console-divider': 'var(--mantine-color-dark-5)',
    '--console-row-stripe': 'var(--mantine-color-dark-6)',
    '--console-row-hover': 'var(--mantine-color-dark-5)',
    '--console-muted': 'var(--mantine-color-dark-6)',
    '--console-top-bar': 'var(--mantine-color-dark-7)',
  },
});

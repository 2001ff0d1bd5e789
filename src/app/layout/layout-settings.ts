import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/**
 * The accent colours of the settings drawer: Mantine's primary colour, for buttons, links, the logo and the current
 * menu entry. Each passes AA as a fill under white text (shade 8: 5.0:1 to 11.5:1) and as link text, in both schemes.
 */
export const ACCENT_COLOURS = {
  grape: 'Purple',
  violet: 'Violet',
  indigo: 'Indigo',
  blue: 'Blue',
  pink: 'Pink',
  gray: 'Graphite',
} as const;

export type AccentColour = keyof typeof ACCENT_COLOURS;

/** How much room the console gives: Mantine's spacing scale as it is, or tighter for more rows on a screen. */
export const DENSITIES = {
  comfortable: 'Comfortable',
  compact: 'Compact',
} as const;

export type Density = keyof typeof DENSITIES;

/** The colour schemes of the settings drawer; 'auto' follows the system's (prefers-color-scheme). */
export const COLOUR_SCHEMES: Record<MantineColorScheme, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'System',
};

export type LayoutSettings = {
  colourScheme: MantineColorScheme;
  accentColour: AccentColour;
  density: Density;
};

const DEFAULTS: LayoutSettings = {
  colourScheme: 'light',
  accentColour: 'grape',
  density: 'comfortable',
};

const STORAGE_KEY = 'layout-settings';
const listeners = new Set<() => void>();
/** The choices when storage refuses them (full or blocked): kept for this page's life only. */
let unsaved: string | null = null;

function readStored(): string | null {
  if (unsaved !== null) return unsaved;
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Record<string, unknown> {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the settings (or clearing storage at logout) applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function oneOf<Choice extends string>(
  choices: Record<Choice, string>,
  value: unknown,
  fallback: Choice,
): Choice {
  return typeof value === 'string' && Object.hasOwn(choices, value) ? (value as Choice) : fallback;
}

/** The stored choices, each checked; anything else stored (an older console's sidebar options) is left out. */
function settingsOf(raw: string | null): LayoutSettings {
  const stored = parse(raw);
  return {
    colourScheme: oneOf(COLOUR_SCHEMES, stored.colourScheme, DEFAULTS.colourScheme),
    accentColour: oneOf(ACCENT_COLOURS, stored.accentColour, DEFAULTS.accentColour),
    density: oneOf(DENSITIES, stored.density, DEFAULTS.density),
  };
}

function updateSettings(patch: Partial<LayoutSettings>) {
  const previous = readStored();
  const next = JSON.stringify({ ...settingsOf(previous), ...patch });
  // Unchanged choices notify nobody: Mantine writes back every scheme the manager reports, which would never end.
  if (next === previous) return;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    unsaved = next;
  }
  for (const listener of listeners) listener();
}

/**
 * The settings drawer's choices, remembered in this browser (localStorage 'layout-settings', JSON). Signing out keeps
 * them (lib/core/session.ts): they belong to the browser, not to the session.
 */
export function useLayoutSettings() {
  const raw = useSyncExternalStore(subscribe, readStored, () => null);
  return [settingsOf(raw), updateSettings] as const;
}

let stopFollowing: (() => void) | undefined;

/**
 * Mantine's colour scheme, kept with the other layout choices in the one stored object: the drawer's choice reaches
 * MantineProvider through `subscribe`, and Mantine's own changes are stored through `set`.
 */
export const layoutColourSchemeManager: MantineColorSchemeManager = {
  get: () => settingsOf(readStored()).colourScheme,
  set: (colourScheme) => updateSettings({ colourScheme }),
  subscribe: (onUpdate) => {
    stopFollowing?.();
    stopFollowing = subscribe(() => onUpdate(settingsOf(readStored()).colourScheme));
  },
  unsubscribe: () => {
    stopFollowing?.();
    stopFollowing = undefined;
  },
  clear: () => updateSettings({ colourScheme: DEFAULTS.colourScheme }),
};

import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { useSyncExternalStore } from 'react';

const WHITE = 'var(--mantine-color-white)';
const BLACK = 'var(--mantine-color-black)';

/**
 * The sidebar colours of the settings drawer; the first, purple to pink, is the default (SPEC 9). `text` is the
 * colour of a label on the gradient: white where both ends give it 4.5:1 or more, black on the light ones.
 */
export const SIDEBAR_COLOURS = {
  primary: { label: 'Purple to pink', from: 'grape', to: 'pink', text: WHITE },
  dark: { label: 'Dark', from: 'dark.6', to: 'dark.4', text: WHITE },
  info: { label: 'Blue', from: 'blue.8', to: 'cyan.9', text: WHITE },
  success: { label: 'Green', from: 'green.4', to: 'teal.4', text: BLACK },
  warning: { label: 'Orange', from: 'orange.4', to: 'yellow.4', text: BLACK },
  error: { label: 'Red', from: 'red.9', to: 'pink.9', text: WHITE },
} as const;

export type SidebarColour = keyof typeof SIDEBAR_COLOURS;
export type SidenavType = 'transparent' | 'white';

/** The colour schemes of the settings drawer; 'auto' follows the system's (prefers-color-scheme). */
export const COLOUR_SCHEMES: Record<MantineColorScheme, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'System',
};

export type LayoutSettings = {
  sidebarColour: SidebarColour;
  sidenavType: SidenavType;
  fixedNavbar: boolean;
  colourScheme: MantineColorScheme;
};

const DEFAULTS: LayoutSettings = {
  sidebarColour: 'primary',
  sidenavType: 'white',
  fixedNavbar: true,
  colourScheme: 'light',
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

function parse(raw: string | null): Partial<LayoutSettings> {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as Partial<LayoutSettings>) : {};
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

function settingsOf(raw: string | null): LayoutSettings {
  const stored = parse(raw);
  return {
    ...DEFAULTS,
    ...stored,
    sidebarColour:
      stored.sidebarColour && Object.hasOwn(SIDEBAR_COLOURS, stored.sidebarColour)
        ? stored.sidebarColour
        : DEFAULTS.sidebarColour,
    colourScheme:
      stored.colourScheme && Object.hasOwn(COLOUR_SCHEMES, stored.colourScheme)
        ? stored.colourScheme
        : DEFAULTS.colourScheme,
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

function cssColour(colour: string) {
  return colour.includes('.')
    ? `var(--mantine-color-${colour.replace('.', '-')})`
    : `var(--mantine-color-${colour}-filled)`;
}

/** The CSS gradient of a sidebar colour, for the active menu entry. */
export function sidebarGradientCss(colour: SidebarColour) {
  const { from, to } = SIDEBAR_COLOURS[colour];
  return `linear-gradient(135deg, ${cssColour(from)}, ${cssColour(to)})`;
}

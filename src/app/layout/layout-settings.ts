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

export type LayoutSettings = {
  sidebarColour: SidebarColour;
  sidenavType: SidenavType;
  fixedNavbar: boolean;
};

const DEFAULTS: LayoutSettings = { sidebarColour: 'primary', sidenavType: 'white', fixedNavbar: true };

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

/** The settings drawer's choices, remembered in this browser (localStorage 'layout-settings', JSON). */
export function useLayoutSettings() {
  const raw = useSyncExternalStore(subscribe, readStored, () => null);
  const stored = parse(raw);
  const settings: LayoutSettings = {
    ...DEFAULTS,
    ...stored,
    sidebarColour:
      stored.sidebarColour && stored.sidebarColour in SIDEBAR_COLOURS
        ? stored.sidebarColour
        : DEFAULTS.sidebarColour,
  };
  const update = (patch: Partial<LayoutSettings>) => {
    const next = JSON.stringify({ ...DEFAULTS, ...parse(readStored()), ...patch });
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      unsaved = next;
    }
    for (const listener of listeners) listener();
  };
  return [settings, update] as const;
}

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

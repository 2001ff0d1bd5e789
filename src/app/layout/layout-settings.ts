import { useLocalStorage } from '@mantine/hooks';

/** The sidebar colours of the settings drawer; the first, purple to pink, is the default (SPEC 9). */
export const SIDEBAR_COLOURS = {
  primary: { label: 'Purple to pink', from: 'grape', to: 'pink' },
  dark: { label: 'Dark', from: 'dark.6', to: 'dark.4' },
  info: { label: 'Blue', from: 'blue', to: 'cyan' },
  success: { label: 'Green', from: 'green', to: 'teal' },
  warning: { label: 'Orange', from: 'orange', to: 'yellow' },
  error: { label: 'Red', from: 'red', to: 'pink' },
} as const;

export type SidebarColour = keyof typeof SIDEBAR_COLOURS;
export type SidenavType = 'transparent' | 'white';

export type LayoutSettings = {
  sidebarColour: SidebarColour;
  sidenavType: SidenavType;
  fixedNavbar: boolean;
};

const DEFAULTS: LayoutSettings = { sidebarColour: 'primary', sidenavType: 'white', fixedNavbar: true };

/** The settings drawer's choices, remembered in this browser. */
export function useLayoutSettings() {
  const [stored, setStored] = useLocalStorage<LayoutSettings>({
    key: 'layout-settings',
    defaultValue: DEFAULTS,
    getInitialValueInEffect: false,
  });
  const settings: LayoutSettings = {
    ...DEFAULTS,
    ...stored,
    sidebarColour: stored.sidebarColour in SIDEBAR_COLOURS ? stored.sidebarColour : DEFAULTS.sidebarColour,
  };
  const update = (patch: Partial<LayoutSettings>) =>
    setStored((current) => ({ ...DEFAULTS, ...current, ...patch }));
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

import { CheckIcon, Drawer, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useModalDialog } from '@/components/modal-dialog';
import type { MantineColorScheme } from '@mantine/core';
import {
  COLOUR_SCHEMES,
  SIDEBAR_COLOURS,
  sidebarGradientCss,
  type LayoutSettings,
  type SidebarColour,
} from './layout-settings';
import './settings-drawer.css';

type SettingsDrawerProps = {
  opened: boolean;
  onClose: () => void;
  settings: LayoutSettings;
  onChange: (patch: Partial<LayoutSettings>) => void;
};

const COLOURS = Object.keys(SIDEBAR_COLOURS) as SidebarColour[];
const SCHEME_CHOICES = (Object.entries(COLOUR_SCHEMES) as [MantineColorScheme, string][]).map(
  ([value, label]) => ({ value, label }),
);
const STEPS = new Map([
  ['ArrowRight', 1],
  ['ArrowDown', 1],
  ['ArrowLeft', -1],
  ['ArrowUp', -1],
]);

/**
 * The sidebar colour: a radio group of gradient swatches, each named by the words under it. As with native radios, Tab reaches the chosen one and the
 * arrow keys move the choice (and the focus) along, wrapping round; Home and End go to the first and last.
 */
function SidebarColourChoice({
  labelId,
  value,
  onChange,
}: {
  labelId: string;
  value: SidebarColour;
  onChange: (colour: SidebarColour) => void;
}) {
  const buttons = useRef<Partial<Record<SidebarColour, HTMLButtonElement | null>>>({});
  const choose = (colour: SidebarColour) => {
    onChange(colour);
    buttons.current[colour]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = COLOURS.indexOf(value);
    const step = STEPS.get(event.key);
    let next: SidebarColour | undefined;
    if (step !== undefined) next = COLOURS[(index + step + COLOURS.length) % COLOURS.length];
    else if (event.key === 'Home') next = COLOURS[0];
    else if (event.key === 'End') next = COLOURS[COLOURS.length - 1];
    if (!next) return;
    event.preventDefault();
    choose(next);
  };
  return (
    <div className="colour-choices" role="radiogroup" aria-labelledby={labelId} onKeyDown={onKeyDown}>
      {COLOURS.map((colour) => {
        const selected = value === colour;
        return (
          <button
            key={colour}
            ref={(element) => {
              buttons.current[colour] = element;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            className="colour-choice mantine-focus-auto"
            onClick={() => choose(colour)}
          >
            <span
              className="colour-swatch"
              style={{ backgroundImage: sidebarGradientCss(colour), color: SIDEBAR_COLOURS[colour].text }}
              aria-hidden
            >
              {selected ? <CheckIcon size={12} /> : null}
            </span>
            {SIDEBAR_COLOURS[colour].label}
          </button>
        );
      })}
    </div>
  );
}

/** One choice of the drawer: its heading, which names the control below it. */
function Setting({ label, children }: { label: string; children: (labelId: string) => ReactNode }) {
  const labelId = useId();
  return (
    <Stack gap="xs">
      <Text fw={600} id={labelId}>
        {label}
      </Text>
      {children(labelId)}
    </Stack>
  );
}

/** Sidebar colour, sidenav type and fixed navbar (SPEC 2.4), and the colour scheme; width 360 (SPEC 9). */
export function SettingsDrawer({ opened, onClose, settings, onChange }: SettingsDrawerProps) {
  useModalDialog(opened);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={360} title="Appearance">
      <Stack gap="lg">
        <Setting label="Color Scheme">
          {(labelId) => (
            <SegmentedControl
              aria-labelledby={labelId}
              value={settings.colourScheme}
              onChange={(colourScheme) => onChange({ colourScheme })}
              data={SCHEME_CHOICES}
            />
          )}
        </Setting>
        <Setting label="Sidebar Colors">
          {(labelId) => (
            <SidebarColourChoice
              labelId={labelId}
              value={settings.sidebarColour}
              onChange={(sidebarColour) => onChange({ sidebarColour })}
            />
          )}
        </Setting>
        <Setting label="Sidenav Type">
          {(labelId) => (
            <SegmentedControl
              aria-labelledby={labelId}
              value={settings.sidenavType}
              onChange={(value) =>
                onChange({ sidenavType: value === 'transparent' ? 'transparent' : 'white' })
              }
              data={[
                { value: 'transparent', label: 'Transparent' },
                { value: 'white', label: 'White' },
              ]}
            />
          )}
        </Setting>
        <Switch
          label="Navbar Fixed"
          checked={settings.fixedNavbar}
          onChange={(event) => onChange({ fixedNavbar: event.currentTarget.checked })}
        />
      </Stack>
    </Drawer>
  );
}

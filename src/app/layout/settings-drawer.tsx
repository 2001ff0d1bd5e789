import { CheckIcon, Drawer, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useModalDialog } from '@/components/modal-dialog';
import type { MantineColorScheme } from '@mantine/core';
import {
  ACCENT_COLOURS,
  COLOUR_SCHEMES,
  DENSITIES,
  type AccentColour,
  type Density,
  type LayoutSettings,
} from './layout-settings';
import './settings-drawer.css';

type SettingsDrawerProps = {
  opened: boolean;
  onClose: () => void;
  settings: LayoutSettings;
  onChange: (patch: Partial<LayoutSettings>) => void;
};

const COLOURS = Object.keys(ACCENT_COLOURS) as AccentColour[];
const SCHEME_CHOICES = (Object.entries(COLOUR_SCHEMES) as [MantineColorScheme, string][]).map(
  ([value, label]) => ({ value, label }),
);
const DENSITY_CHOICES = (Object.entries(DENSITIES) as [Density, string][]).map(([value, label]) => ({
  value,
  label,
}));
const STEPS = new Map([
  ['ArrowRight', 1],
  ['ArrowDown', 1],
  ['ArrowLeft', -1],
  ['ArrowUp', -1],
]);

/**
 * The accent colour: a radio group of swatches, each named by the words under it. As with native radios, Tab reaches the chosen one and the
 * arrow keys move the choice (and the focus) along, wrapping round; Home and End go to the first and last.
 */
function AccentColourChoice({
  labelId,
  value,
  onChange,
}: {
  labelId: string;
  value: AccentColour;
  onChange: (colour: AccentColour) => void;
}) {
  const buttons = useRef<Partial<Record<AccentColour, HTMLButtonElement | null>>>({});
  const choose = (colour: AccentColour) => {
    onChange(colour);
    buttons.current[colour]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = COLOURS.indexOf(value);
    const step = STEPS.get(event.key);
    let next: AccentColour | undefined;
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
              style={{ backgroundColor: `var(--mantine-color-${colour}-8)` }}
              aria-hidden
            >
              {selected ? <CheckIcon size={12} /> : null}
            </span>
            {ACCENT_COLOURS[colour]}
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

/** The admin's own appearance: colour scheme, accent colour and density; width 360 (SPEC 9). */
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
        <Setting label="Accent Color">
          {(labelId) => (
            <AccentColourChoice
              labelId={labelId}
              value={settings.accentColour}
              onChange={(accentColour) => onChange({ accentColour })}
            />
          )}
        </Setting>
        <Setting label="Density">
          {(labelId) => (
            <SegmentedControl
              aria-labelledby={labelId}
              value={settings.density}
              onChange={(density) => onChange({ density: density === 'compact' ? 'compact' : 'comfortable' })}
              data={DENSITY_CHOICES}
            />
          )}
        </Setting>
      </Stack>
    </Drawer>
  );
}

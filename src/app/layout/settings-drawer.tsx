import { CheckIcon, ColorSwatch, Drawer, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import {
  SIDEBAR_COLOURS,
  sidebarGradientCss,
  type LayoutSettings,
  type SidebarColour,
} from './layout-settings';

type SettingsDrawerProps = {
  opened: boolean;
  onClose: () => void;
  settings: LayoutSettings;
  onChange: (patch: Partial<LayoutSettings>) => void;
};

/** Sidebar colour, sidenav type and fixed navbar (SPEC 2.4); width 360 (SPEC 9). */
export function SettingsDrawer({ opened, onClose, settings, onChange }: SettingsDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={360} title="Configurator">
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fw={600} id="sidebar-colours-label">
            Sidebar Colors
          </Text>
          <Group gap="xs" role="radiogroup" aria-labelledby="sidebar-colours-label">
            {(Object.keys(SIDEBAR_COLOURS) as SidebarColour[]).map((colour) => {
              const selected = settings.sidebarColour === colour;
              return (
                <ColorSwatch
                  key={colour}
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={SIDEBAR_COLOURS[colour].label}
                  color="transparent"
                  style={{ backgroundImage: sidebarGradientCss(colour), cursor: 'pointer', color: 'white' }}
                  onClick={() => onChange({ sidebarColour: colour })}
                >
                  {selected ? <CheckIcon size={12} /> : null}
                </ColorSwatch>
              );
            })}
          </Group>
        </Stack>
        <Stack gap="xs">
          <Text fw={600} id="sidenav-type-label">
            Sidenav Type
          </Text>
          <SegmentedControl
            aria-labelledby="sidenav-type-label"
            value={settings.sidenavType}
            onChange={(value) => onChange({ sidenavType: value === 'transparent' ? 'transparent' : 'white' })}
            data={[
              { value: 'transparent', label: 'Transparent' },
              { value: 'white', label: 'White' },
            ]}
          />
        </Stack>
        <Switch
          label="Navbar Fixed"
          checked={settings.fixedNavbar}
          onChange={(event) => onChange({ fixedNavbar: event.currentTarget.checked })}
        />
      </Stack>
    </Drawer>
  );
}

import { Stack, Switch, Text } from '@mantine/core';
import { QueryBoundary } from '@/components/query-boundary';
import { notify } from '@/lib/notify';
import { securityResource, useSetTwoFactorRequired, type SecuritySettings } from './api';
import { ADMINS_TEXT } from './strings';

/** "Require two-factor for every admin" ('two-factor'): the server's setting, saved as it is switched. */
export function SecuritySetting() {
  return (
    <QueryBoundary query={securityResource.queries.single()}>
      {(settings) => <RequireTwoFactor settings={settings} />}
    </QueryBoundary>
  );
}

function RequireTwoFactor({ settings }: { settings: SecuritySettings }) {
  const save = useSetTwoFactorRequired();
  // Shown as asked while the save is under way; the server's value once it has answered either way.
  const checked = save.isPending ? save.variables : settings.twoFactorRequired;
  return (
    <Stack gap={4} mb="md">
      <Switch
        label={ADMINS_TEXT.requireTwoFactor}
        checked={checked}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(event.currentTarget.checked, {
            onSuccess: (answer) => notify.success(answer.message),
          })
        }
      />
      <Text size="xs" c="dimmed">
        {ADMINS_TEXT.requireTwoFactorHint}
      </Text>
    </Stack>
  );
}

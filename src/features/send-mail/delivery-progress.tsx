import { Stack, Text } from '@mantine/core';
import type { Delivery } from './api';
import { deliveryText } from './strings';

/**
 * A mail's delivery in the list ('mail-recipients'): sent of total and failed as text, which is what assistive
 * technology reads, over a bar that repeats it (sent, then failed) for the eye. A plain bar: Mantine's Progress
 * would be two more files on the list's first load.
 */
export function DeliveryProgress({ delivery, total }: { delivery: Delivery; total: number }) {
  const share = (part: number) => `${total ? (part / total) * 100 : 0}%`;
  return (
    <Stack gap={4} miw={150}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {deliveryText(delivery, total)}
      </Text>
      {total ? (
        <div
          aria-hidden
          style={{
            display: 'flex',
            height: 6,
            borderRadius: 3,
            overflow: 'hidden',
            background: 'var(--console-divider)',
          }}
        >
          <div style={{ width: share(delivery.sent), background: 'var(--mantine-color-green-filled)' }} />
          <div style={{ width: share(delivery.failed), background: 'var(--mantine-color-red-filled)' }} />
        </div>
      ) : null}
    </Stack>
  );
}

import { Progress, Stack, Text } from '@mantine/core';
import type { Delivery } from './api';
import { deliveryText } from './strings';

/**
 * A mail's delivery in the list ('mail-recipients'): sent of total and failed as text, which is what assistive
 * technology reads, over a bar that repeats it (sent, then failed) for the eye.
 */
export function DeliveryProgress({ delivery, total }: { delivery: Delivery; total: number }) {
  const share = (part: number) => (total ? (part / total) * 100 : 0);
  return (
    <Stack gap={4} miw={150}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {deliveryText(delivery, total)}
      </Text>
      {total ? (
        <Progress.Root size="sm" aria-hidden>
          <Progress.Section value={share(delivery.sent)} color="green" />
          <Progress.Section value={share(delivery.failed)} color="red" />
        </Progress.Root>
      ) : null}
    </Stack>
  );
}

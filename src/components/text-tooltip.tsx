import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** TruncatedText's tooltip, open from the start: it loads on the first hover or focus of a cut text. */
export function TextTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip
      label={label}
      multiline
      maw={360}
      events={{ hover: true, focus: true, touch: true }}
      defaultOpened
    >
      {children}
    </Tooltip>
  );
}

import { Button } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

/**
 * A part of a screen below its first view (a profile's Moderation history) that loads, code and data, only once it
 * comes into view (as a dashboard's lazy panels do: a screen tall enough to show it loads it at once), or when its
 * button is pressed (keyboard and screen-reader users may reach it without scrolling). Once shown it stays. Until
 * then it shows the button, named by `label`.
 */
export function WhenVisible({ label, children }: { label: string; children: () => ReactNode }) {
  const [shown, setShown] = useState(false);
  const { ref, entry } = useIntersection<HTMLDivElement>();
  if (!shown && entry?.isIntersecting) setShown(true);
  if (shown) return children();
  return (
    <div ref={ref}>
      <Button variant="subtle" size="compact-sm" onClick={() => setShown(true)}>
        {label}
      </Button>
    </div>
  );
}

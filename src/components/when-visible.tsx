import { Button } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

/** How far below the viewport a deferred part starts loading: it is usually ready by the time it is scrolled to. */
const AHEAD = '300px';

/**
 * A part of a screen below its first view (a profile's Moderation history) that loads, code and data, only once it
 * comes near the viewport, or when its button is pressed (keyboard and screen-reader users may reach it without
 * scrolling). Once shown it stays. Until then it shows the button, named by `label`.
 */
export function WhenVisible({ label, children }: { label: string; children: () => ReactNode }) {
  const [shown, setShown] = useState(false);
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: AHEAD });
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

import { Text } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';

// Floating UI (behind Mantine's Tooltip) is the heaviest part of a read-only list: it loads on first hover or focus.
const TextTooltip = lazy(() => import('./text-tooltip').then((module) => ({ default: module.TextTooltip })));

/**
 * SPEC 9: a table text cell cut at 200 px (or, with `chars`, at that many characters: the mail body's 30), the
 * whole text in a tooltip (and, cut by width, in the DOM for screen readers).
 */
export function TruncatedText({
  text,
  maxWidth = 200,
  chars,
}: {
  text: string;
  maxWidth?: number;
  chars?: number;
}) {
  const [wanted, setWanted] = useState<'hover' | 'focus' | null>(null);
  const focusedNode = useRef<HTMLParagraphElement | null>(null);
  if (!text.trim()) return <Text size="sm">-</Text>;
  const shown = chars !== undefined && text.length > chars ? `${text.slice(0, chars)}…` : text;
  const cut = (
    <Text
      size="sm"
      truncate="end"
      maw={maxWidth}
      tabIndex={0}
      onMouseEnter={() => setWanted((was) => was ?? 'hover')}
      onFocus={() => setWanted((was) => was ?? 'focus')}
      // The text moves into the tooltip once it has loaded: keyboard focus moves with it, once per new element
      // (not on every render of the list, which would pull focus back from a dialog or the next cell).
      ref={(node: HTMLParagraphElement | null) => {
        if (!node || wanted !== 'focus' || focusedNode.current === node) return;
        focusedNode.current = node;
        if (document.activeElement !== node) node.focus();
      }}
    >
      {shown}
    </Text>
  );
  if (!wanted) return cut;
  return (
    <Suspense fallback={cut}>
      <TextTooltip label={text}>{cut}</TextTooltip>
    </Suspense>
  );
}

import { Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { onDemand } from './on-demand';

// Floating UI (behind Mantine's Tooltip) is the heaviest part of a read-only list: it loads on first hover or focus.
const useTextTooltip = onDemand(() => import('./text-tooltip').then((module) => module.TextTooltip));

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
  const tooltip = useTextTooltip();
  const [wanted, setWanted] = useState<'hover' | 'focus' | null>(null);
  const focusedNode = useRef<HTMLParagraphElement | null>(null);
  if (!text.trim()) return <Text size="sm">-</Text>;
  const shown = chars !== undefined && text.length > chars ? `${text.slice(0, chars)}…` : text;
  const want = (how: 'hover' | 'focus') => {
    setWanted((was) => was ?? how);
    tooltip.request();
  };
  const cut = (
    <Text
      size="sm"
      truncate="end"
      maw={maxWidth}
      tabIndex={0}
      onMouseEnter={() => want('hover')}
      onFocus={() => want('focus')}
      // The text moves into the tooltip once it has loaded: keyboard focus follows it to the new element when it
      // was lost with the old one, never when the admin has moved on (the chunk can arrive late) nor on later renders.
      ref={(node: HTMLParagraphElement | null) => {
        if (!node || wanted !== 'focus' || focusedNode.current === node) return;
        focusedNode.current = node;
        const focusWasLost = !document.activeElement || document.activeElement === document.body;
        if (focusWasLost) node.focus();
      }}
    >
      {shown}
    </Text>
  );
  const TextTooltip = tooltip.loaded;
  if (!wanted || !TextTooltip) return cut;
  return <TextTooltip label={text}>{cut}</TextTooltip>;
}

import { Text, Tooltip } from '@mantine/core';

/** SPEC 9: a table text cell cut at 200 px, the whole text in a tooltip (and in the DOM, for screen readers). */
export function TruncatedText({ text, maxWidth = 200 }: { text: string; maxWidth?: number }) {
  if (!text.trim()) return <Text size="sm">-</Text>;
  return (
    <Tooltip label={text} multiline maw={360} events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" truncate="end" maw={maxWidth} tabIndex={0}>
        {text}
      </Text>
    </Tooltip>
  );
}

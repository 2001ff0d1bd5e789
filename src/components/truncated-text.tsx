import { Text, Tooltip } from '@mantine/core';

/** A long text cut at 200 px (SPEC 9) with the full text on hover; a dash when there is none. */
export function TruncatedText({ text, maxWidth = 200 }: { text: string; maxWidth?: number }) {
  if (!text.trim()) return <Text c="dimmed">-</Text>;
  return (
    <Tooltip label={text} multiline maw={400} withinPortal>
      <Text truncate="end" maw={maxWidth} size="sm" tabIndex={0}>
        {text}
      </Text>
    </Tooltip>
  );
}

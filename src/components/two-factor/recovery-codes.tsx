import { Button, Checkbox, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { saveFile } from '@/lib/list-export';
import { notify } from '@/lib/notify';
import { TWO_FACTOR_TEXT } from './strings';

/**
 * Recovery codes, shown once: copied or downloaded as a text file, and a confirmation that they were saved before
 * the admin goes on (`done`, under `doneLabel`).
 */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
}: {
  codes: readonly string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const releases = useRef<(() => void)[]>([]);
  useEffect(() => () => releases.current.forEach((release) => release()), []);
  const text = `${codes.join('\n')}\n`;
  const copy = () =>
    void navigator.clipboard.writeText(text).then(() => notify.success(TWO_FACTOR_TEXT.codesCopied));
  const download = () =>
    releases.current.push(
      saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), TWO_FACTOR_TEXT.codesFileName),
    );
  return (
    <Stack gap="sm" component="section" aria-labelledby="recovery-codes-title">
      <Title order={2} size="h4" id="recovery-codes-title">
        {TWO_FACTOR_TEXT.codesTitle}
      </Title>
      <Text size="sm">{TWO_FACTOR_TEXT.codesIntro}</Text>
      <List aria-label={TWO_FACTOR_TEXT.codesListLabel} listStyleType="none" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="xs">
        <Button variant="light" onClick={copy}>
          {TWO_FACTOR_TEXT.copyCodes}
        </Button>
        <Button variant="light" onClick={download}>
          {TWO_FACTOR_TEXT.downloadCodes}
        </Button>
      </Group>
      <Checkbox
        label={TWO_FACTOR_TEXT.saved}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button onClick={onDone} disabled={!saved}>
        {doneLabel}
      </Button>
    </Stack>
  );
}

import { Button, Code, Group, Image, Stack, Text } from '@mantine/core';
import { notify } from '@/lib/notify';
import { TWO_FACTOR_TEXT } from './strings';

/**
 * A set-up's QR code (the server draws it as SVG; an image, so nothing in it runs) and its key for manual entry, in
 * groups of four.
 */
export function AuthenticatorSetUp({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const copy = () =>
    void navigator.clipboard.writeText(secret).then(() => notify.success(TWO_FACTOR_TEXT.keyCopied));
  return (
    <Stack gap="xs">
      <Text size="sm">{TWO_FACTOR_TEXT.scan}</Text>
      <Image
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={TWO_FACTOR_TEXT.qrAlt}
        w={200}
        h={200}
        fit="contain"
        bg="white"
      />
      <Text size="sm" id="two-factor-key-label">
        {TWO_FACTOR_TEXT.manual}
      </Text>
      <Group gap="xs">
        <Code fz="md" aria-labelledby="two-factor-key-label" data-testid="two-factor-key">
          {secret.match(/.{1,4}/g)?.join(' ')}
        </Code>
        <Button size="xs" variant="light" onClick={copy}>
          {TWO_FACTOR_TEXT.copyKey}
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useConfirmAppeal } from './appeal-api';
import { APPEAL_TEXT } from './appeal-strings';
import { PublicPageFrame } from './public-page-frame';

/**
 * /appeal/confirm?token=… ('appeals'), the link an appeal's request mails: opening it changes nothing (a mail scanner
 * may fetch it); the button sends the token, and the appeal is open. A link unknown, used or expired is refused in
 * the server's words.
 */
export function AppealConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmAppeal();
  return (
    <PublicPageFrame title={APPEAL_TEXT.confirmTitle} width={520}>
      {confirm.isSuccess ? (
        <Alert role="status" color="green" title={APPEAL_TEXT.confirmed}>
          {confirm.data.message}
        </Alert>
      ) : token ? (
        <Stack>
          <Text>{APPEAL_TEXT.confirmIntro}</Text>
          <Group justify="flex-end">
            <Button
              loading={confirm.isPending}
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate(token, { onSuccess: () => notify.success(APPEAL_TEXT.confirmed) })
              }
            >
              {APPEAL_TEXT.confirm}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Alert role="alert" color="red">
          {APPEAL_TEXT.noToken}
        </Alert>
      )}
    </PublicPageFrame>
  );
}

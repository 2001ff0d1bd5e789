import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { confirmProof } from '@/lib/data/step-up';
import { useFeature } from '@/lib/core/session';
import type { StepUpRequest } from './confirm';
import { useModalDialog } from './modal-dialog';

/**
 * The password again ('step-up'), or a two-factor code where the API offers two-factor, asked in place when the
 * server refuses a call for want of a recent one: the call waits, and is sent again once the server has taken it. A
 * wrong one is said under the field and the dialog stays; Cancel, Escape and the close button decline, and the call
 * fails with the server's words.
 */
export function StepUpDialog({
  request,
  onDone,
}: {
  request: StepUpRequest;
  onDone: (confirmed: boolean) => void;
}) {
  useModalDialog(true);
  const codesOffered = useFeature('two-factor');
  const [byCode, setByCode] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const switchTo = (code: boolean) => {
    setByCode(code);
    setTyped('');
    setError(undefined);
  };
  const field = {
    value: typed,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setTyped(event.currentTarget.value);
      setError(undefined);
    },
    error,
    required: true,
    'data-autofocus': true,
  };
  return (
    <Modal opened onClose={() => onDone(false)} title="Confirm your password" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!typed.trim()) {
            setError(byCode ? 'Please enter the code' : 'Please enter your password');
            return;
          }
          setChecking(true);
          confirmProof(byCode ? { code: typed.trim() } : { password: typed })
            .then((refusal) => {
              if (refusal === undefined) onDone(true);
              else {
                setError(refusal);
                setChecking(false);
              }
            })
            .catch(() => onDone(false));
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {request.message ?? 'Confirm your password to continue.'} This is asked again when the last
            confirmation is over 5 minutes old.
          </Text>
          {byCode ? (
            <TextInput
              key="code"
              label="Code from your authenticator app, or a recovery code"
              autoComplete="one-time-code"
              {...field}
            />
          ) : (
            <PasswordInput key="password" label="Password" autoComplete="current-password" {...field} />
          )}
          {codesOffered ? (
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo(!byCode)}>
              {byCode ? 'Use your password instead' : 'Use a two-factor code instead'}
            </Anchor>
          ) : null}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={checking}>
            Confirm
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

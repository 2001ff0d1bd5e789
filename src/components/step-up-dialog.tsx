import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { confirmPassword } from '@/lib/data/step-up';
import type { StepUpRequest } from './confirm';
import { useModalDialog } from './modal-dialog';

/**
 * The password again ('step-up'), asked in place when the server refuses a call for want of a recent one: the call
 * waits, and is sent again once the server has taken the password. A wrong one is said under the field and the
 * dialog stays; Cancel, Escape and the close button decline, and the call fails with the server's words.
 */
export function StepUpDialog({
  request,
  onDone,
}: {
  request: StepUpRequest;
  onDone: (confirmed: boolean) => void;
}) {
  useModalDialog(true);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  return (
    <Modal opened onClose={() => onDone(false)} title="Confirm your password" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!password) {
            setError('Please enter your password');
            return;
          }
          setChecking(true);
          confirmPassword(password)
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
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            required
            data-autofocus
          />
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

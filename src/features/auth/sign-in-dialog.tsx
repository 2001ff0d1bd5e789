import { Button, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { SignInForm } from './sign-in-form';

/**
 * The session expired while a form held unsaved input: the admin signs in again over the page, and finds the form
 * as they left it. Discarding goes to sign-in as any other expiry does.
 */
export function SignInDialog() {
  const queryClient = useQueryClient();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title="Your session has expired. Please sign in again."
      centered
    >
      <SignInForm
        intro={<Text size="sm">What you entered on this page is kept until you sign in.</Text>}
        onSignedIn={() => void queryClient.invalidateQueries()}
      />
      <Button
        variant="subtle"
        color="gray"
        fullWidth
        mt="sm"
        onClick={() => {
          queryClient.clear();
          unsavedChanges.discard();
        }}
      >
        Discard my changes
      </Button>
    </Modal>
  );
}

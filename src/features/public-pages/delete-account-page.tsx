import { Button, Text, Title } from '@mantine/core';
import { z } from 'zod/mini';
import { ControlledForm } from '@/components/form/controlled-form';
import { TextField } from '@/components/form/text-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { useRequestAccountDeletion } from './api';
import { PublicPageFrame } from './public-page-frame';
import { PUBLIC_TEXT } from './strings';

const deleteAccountSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, PUBLIC_TEXT.emailRequired), z.email(PUBLIC_TEXT.emailInvalid)),
});

type DeleteAccountValues = z.input<typeof deleteAccountSchema>;

/** /delete-account (SPEC 2.25): an end user asks for their account to be deleted. */
export function DeleteAccountPage() {
  const request = useRequestAccountDeletion();
  const controller = useMutationForm({
    schema: deleteAccountSchema,
    mutation: request,
    values: () => ({ email: '' }),
    toInput: ({ email }) => email.trim(),
    success: PUBLIC_TEXT.deleted,
    unguarded: true,
  });

  return (
    <PublicPageFrame title={PUBLIC_TEXT.deleteTitle} width={480}>
      <ControlledForm controller={controller}>
        <Title order={2} size="h4" c="red">
          {PUBLIC_TEXT.deleteWarning}
        </Title>
        <Text c="dimmed">{PUBLIC_TEXT.deleteDetail}</Text>
        <TextField<DeleteAccountValues>
          name="email"
          label={PUBLIC_TEXT.email}
          type="email"
          autoComplete="email"
        />
        <Button type="submit" color="red" loading={controller.pending}>
          {PUBLIC_TEXT.deleteButton}
        </Button>
      </ControlledForm>
    </PublicPageFrame>
  );
}

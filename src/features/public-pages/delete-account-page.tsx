import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { notify } from '@/lib/notify';
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
  const form = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(({ email }) =>
    request.mutate(email.trim(), { onSuccess: () => notify.success(PUBLIC_TEXT.deleted) }),
  );

  return (
    <PublicPageFrame title={PUBLIC_TEXT.deleteTitle} width={480}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" c="red">
            {PUBLIC_TEXT.deleteWarning}
          </Title>
          <Text c="dimmed">{PUBLIC_TEXT.deleteDetail}</Text>
          <TextInput
            label={PUBLIC_TEXT.email}
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <Button type="submit" color="red" loading={request.isPending}>
            {PUBLIC_TEXT.deleteButton}
          </Button>
        </Stack>
      </form>
    </PublicPageFrame>
  );
}

import { useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { ADMIN_PASSWORD_MESSAGES, ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_RULE } from '@contract/admin-password';
import { PASSWORD_MIN, TEXT_MAX } from '@contract/limits';
import { ROLE_LABELS } from '@contract/roles';
import { FormActions } from '@/components/form-kit/form-actions';
import { PasswordField } from '@/components/form-kit/password-field';
import { ControlledForm } from '@/components/form/controlled-form';
import { useMutationForm } from '@/components/form/use-form-controller';
import { ErrorState } from '@/components/page-kit/error-state';
import { ApiError } from '@/lib/core/api-error';
import type { SignInState } from '@/lib/core/session';
import { invitationQuery, useAcceptInvitation, type Invitation } from './invitation-api';
import { INVITATION_TEXT } from './invitation-strings';
import { PublicPageFrame } from './public-page-frame';

/** With 'admin-password-rule' its length (the server checks the rest); otherwise SPEC's minimum. */
const schemaFor = (ruled: boolean) =>
  z
    .object({
      password: z
        .string()
        .check(
          z.minLength(1, INVITATION_TEXT.passwordRequired),
          ruled
            ? z.minLength(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MESSAGES.short)
            : z.minLength(PASSWORD_MIN, INVITATION_TEXT.passwordShort(PASSWORD_MIN)),
        ),
      confirm: z.string(),
    })
    .check(
      z.refine((values) => values.password === values.confirm, {
        message: INVITATION_TEXT.mismatch,
        path: ['confirm'],
      }),
    );

function SetPasswordForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  // Sign-in starts with the invitee's e-mail, and says when two-factor set-up comes next.
  const signIn: SignInState = {
    email: invitation.email,
    twoFactorNext: invitation.twoFactorRequired === true,
  };
  const ruled = invitation.features?.includes('admin-password-rule') === true;
  const [schema] = useState(() => schemaFor(ruled));
  const controller = useMutationForm({
    schema,
    mutation: useAcceptInvitation(),
    values: () => ({ password: '', confirm: '' }),
    toInput: ({ password }) => ({ token, password }),
    success: INVITATION_TEXT.done,
    redirect: '/login',
    leave: (to) => navigate(to, { state: signIn }),
  });
  const { errors } = controller.form.formState;
  return (
    <ControlledForm controller={controller}>
      <PasswordField
        label={INVITATION_TEXT.password}
        description={ruled ? ADMIN_PASSWORD_RULE : undefined}
        autoComplete="new-password"
        maxLength={TEXT_MAX.invitation.password}
        {...controller.form.register('password')}
        error={errors.password?.message}
      />
      <PasswordField
        label={INVITATION_TEXT.confirm}
        autoComplete="new-password"
        maxLength={TEXT_MAX.invitation.password}
        {...controller.form.register('confirm')}
        error={errors.confirm?.message}
      />
      <FormActions label={INVITATION_TEXT.submit} pending={controller.pending} />
    </ControlledForm>
  );
}

/**
 * A link that opens no invitation (unknown, used, replaced, expired): the server's sentence is the page's. A 404 or
 * 410 without the server's words (a proxy's page) is a failed read like any other.
 */
const closedLink = (error: Error | null) =>
  error instanceof ApiError &&
  error.kind === 'http' &&
  (error.status === 404 || error.status === 410) &&
  error.serverMessage !== undefined;

/**
 * /invitation/:token ('admins'), the link an invitation mails: who is invited, and the password they choose; then
 * sign-in. A link unknown, used, replaced or expired says so in the server's words, as the page's own sentence; a
 * read that failed otherwise is the usual error state, with Try again.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { data: invitation, error, isPending, refetch } = useQuery(invitationQuery(token));
  const signIn = (
    <Button component={Link} to="/login" variant="light" w="fit-content">
      {INVITATION_TEXT.signIn}
    </Button>
  );
  let content;
  if (isPending)
    content = (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  else if (invitation)
    content = (
      <Stack>
        <Text>
          {INVITATION_TEXT.invited(
            invitation.name,
            invitation.email,
            invitation.role ? ROLE_LABELS[invitation.role] : '',
          )}
        </Text>
        <Text c="dimmed">{INVITATION_TEXT.choose}</Text>
        <SetPasswordForm token={token} invitation={invitation} />
      </Stack>
    );
  else if (closedLink(error))
    content = (
      <Stack>
        <Text role="alert">{error.message}</Text>
        {signIn}
      </Stack>
    );
  else
    content = (
      <ErrorState
        error={error}
        onRetry={() => void refetch()}
        back={{ to: '/login', label: INVITATION_TEXT.signIn }}
      />
    );
  return (
    <PublicPageFrame title={INVITATION_TEXT.title} width={480}>
      {content}
    </PublicPageFrame>
  );
}

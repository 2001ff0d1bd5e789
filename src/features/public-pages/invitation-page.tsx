import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { PASSWORD_MIN, TEXT_MAX } from '@contract/limits';
import { ROLE_LABELS } from '@contract/roles';
import { FormActions } from '@/components/form-kit/form-actions';
import { PasswordField } from '@/components/form-kit/password-field';
import { ControlledForm } from '@/components/form/controlled-form';
import { useMutationForm } from '@/components/form/use-form-controller';
import { QueryBoundary } from '@/components/query-boundary';
import { invitationQuery, useAcceptInvitation } from './invitation-api';
import { INVITATION_TEXT } from './invitation-strings';
import { PublicPageFrame } from './public-page-frame';

const schema = z
  .object({
    password: z
      .string()
      .check(
        z.minLength(1, INVITATION_TEXT.passwordRequired),
        z.minLength(PASSWORD_MIN, INVITATION_TEXT.passwordShort(PASSWORD_MIN)),
      ),
    confirm: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.confirm, {
      message: INVITATION_TEXT.mismatch,
      path: ['confirm'],
    }),
  );

function SetPasswordForm({ token }: { token: string }) {
  const controller = useMutationForm({
    schema,
    mutation: useAcceptInvitation(),
    values: () => ({ password: '', confirm: '' }),
    toInput: ({ password }) => ({ token, password }),
    success: INVITATION_TEXT.done,
    redirect: '/login',
  });
  const { errors } = controller.form.formState;
  return (
    <ControlledForm controller={controller}>
      <PasswordField
        label={INVITATION_TEXT.password}
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
 * /invitation/:token ('admins'), the link an invitation mails: who is invited, and the password they choose; then
 * sign-in. A link unknown, used, replaced or expired says so in the server's words.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  return (
    <PublicPageFrame title={INVITATION_TEXT.title} width={480}>
      <QueryBoundary query={invitationQuery(token)} back={{ to: '/login', label: INVITATION_TEXT.signIn }}>
        {(invitation) => (
          <Stack>
            <Text>
              {INVITATION_TEXT.invited(
                invitation.name,
                invitation.email,
                invitation.role ? ROLE_LABELS[invitation.role] : '',
              )}
            </Text>
            <Text c="dimmed">{INVITATION_TEXT.choose}</Text>
            <SetPasswordForm token={token} />
          </Stack>
        )}
      </QueryBoundary>
    </PublicPageFrame>
  );
}

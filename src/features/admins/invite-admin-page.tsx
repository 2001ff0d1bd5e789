import { Text } from '@mantine/core';
import { z } from 'zod/mini';
import { ROLE_LABELS, ROLES, type Role } from '@contract/roles';
import { FormActions } from '@/components/form-kit/form-actions';
import { ControlledForm } from '@/components/form/controlled-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { PageCard } from '@/components/page-kit/page-card';
import { textLimit } from '@/lib/field-limits';
import { useInviteAdmin } from './api';
import { INVITE_TEXT } from './strings';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, INVITE_TEXT.nameRequired)),
  email: z
    .string()
    .check(z.trim(), z.minLength(1, INVITE_TEXT.emailRequired), z.email(INVITE_TEXT.emailInvalid)),
  role: z
    .string()
    .check(z.refine((value) => (ROLES as readonly string[]).includes(value), INVITE_TEXT.roleRequired)),
});
type InviteValues = z.input<typeof schema>;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** /admins/invite ('admins'): an Owner invites an admin by name, e-mail and role; the server mails the link. */
export function InviteAdminPage() {
  const invite = useInviteAdmin();
  const controller = useMutationForm({
    schema,
    mutation: invite,
    values: () => ({ name: '', email: '', role: '' }),
    toInput: ({ name, email, role }) => ({ name, email, role: role as Role }),
    success: INVITE_TEXT.sent,
    redirect: '/admins',
  });
  return (
    <PageCard title={INVITE_TEXT.title}>
      <Text c="dimmed" mb="md">
        {INVITE_TEXT.description}
      </Text>
      <ControlledForm controller={controller} maw={520}>
        <TextField<InviteValues> name="name" label={INVITE_TEXT.name} max={textLimit('invite', 'name')} />
        <TextField<InviteValues>
          name="email"
          label={INVITE_TEXT.email}
          type="email"
          autoComplete="off"
          max={textLimit('invite', 'email')}
        />
        <SelectField<InviteValues>
          name="role"
          label={INVITE_TEXT.role}
          placeholder={INVITE_TEXT.rolePlaceholder}
          data={ROLE_OPTIONS}
        />
        <FormActions label={INVITE_TEXT.send} pending={controller.pending} />
      </ControlledForm>
    </PageCard>
  );
}

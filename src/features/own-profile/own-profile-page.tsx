import { PasswordField } from '@/components/form-kit/password-field';
import { z } from 'zod/mini';
import { ControlledForm } from '@/components/form/controlled-form';
import { FormActions } from '@/components/form-kit/form-actions';
import { ImageFileField } from '@/components/form/image-file-field';
import { TextField } from '@/components/form/text-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { PageCard } from '@/components/page-kit/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { textLimit } from '@/lib/field-limits';
import { useFeature } from '@/lib/core/session';
import { ownProfileResource, useUpdateOwnProfile } from './api';
import { OwnSessions } from './own-sessions';
import { reloadTo } from './reload';
import { PROFILE_TEXT } from './strings';

const profileSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, PROFILE_TEXT.emailRequired), z.email(PROFILE_TEXT.emailInvalid)),
  password: z
    .string()
    .check(z.minLength(1, PROFILE_TEXT.passwordRequired), z.minLength(6, PROFILE_TEXT.passwordShort)),
  file: z.nullable(z.instanceof(File)),
});

type ProfileValues = z.input<typeof profileSchema>;

/** /profile (SPEC 2.13). */
export function OwnProfilePage() {
  return (
    <QueryBoundary query={ownProfileResource.queries.single()}>
      {(profile) => <OwnProfileForm email={profile.email} photo={profile.photo} />}
    </QueryBoundary>
  );
}

function OwnProfileForm({ email, photo }: { email: string; photo: string }) {
  const controller = useMutationForm({
    schema: profileSchema,
    mutation: useUpdateOwnProfile(),
    values: () => ({ email, password: '', file: null }),
    toInput: (values) => values,
    success: PROFILE_TEXT.updated,
    // SPEC 2.13: a full page reload to the dashboard.
    redirect: '/dashboard',
    leave: reloadTo,
  });
  const { errors } = controller.form.formState;
  const sessions = useFeature('sessions');

  return (
    <PageCard title={PROFILE_TEXT.title}>
      <ControlledForm controller={controller} maw={520}>
        <ImageFileField<ProfileValues> name="file" label={PROFILE_TEXT.image} currentPath={photo} round />
        <TextField<ProfileValues>
          name="email"
          label={PROFILE_TEXT.email}
          type="email"
          autoComplete="email"
          max={textLimit('profile', 'email')}
        />
        <PasswordField
          label={PROFILE_TEXT.password}
          autoComplete="new-password"
          maxLength={textLimit('profile', 'password')}
          {...controller.form.register('password')}
          error={errors.password?.message}
        />
        <FormActions label={PROFILE_TEXT.title} pending={controller.pending} />
      </ControlledForm>
      {sessions ? <OwnSessions /> : null}
    </PageCard>
  );
}

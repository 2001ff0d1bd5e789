import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { PasswordField } from '@/components/form/password-field';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { FormActions } from '@/components/form/form-actions';
import { ImageFileField } from '@/components/form/image-file-field';
import { PageCard } from '@/components/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { notify } from '@/lib/notify';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { ownProfileResource, useUpdateOwnProfile } from './api';
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
  const update = useUpdateOwnProfile();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { email, password: '', file: null },
  });
  const { errors, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const submit = form.handleSubmit((values) =>
    update.mutate(
      { email: values.email.trim(), password: values.password, file: values.file },
      {
        onSuccess: () => {
          notify.success(PROFILE_TEXT.updated);
          guard.release();
          reloadTo('/dashboard');
        },
      },
    ),
  );

  return (
    <PageCard title={PROFILE_TEXT.title}>
      <form onSubmit={submit} noValidate>
        <Stack maw={520}>
          <ImageFileField
            control={form.control}
            name="file"
            label={PROFILE_TEXT.image}
            currentPath={photo}
            round
          />
          <TextInput
            label={PROFILE_TEXT.email}
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <PasswordField
            label={PROFILE_TEXT.password}
            autoComplete="new-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <FormActions label={PROFILE_TEXT.title} pending={update.isPending} />
        </Stack>
      </form>
    </PageCard>
  );
}

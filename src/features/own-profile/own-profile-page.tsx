import { lazy, Suspense, useState } from 'react';
import { Loader, Tabs } from '@mantine/core';
import { PasswordField } from '@/components/form-kit/password-field';
import { z } from 'zod/mini';
import { ADMIN_PASSWORD_MESSAGES, ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_RULE } from '@contract/admin-password';
import { ControlledForm } from '@/components/form/controlled-form';
import { FormActions } from '@/components/form-kit/form-actions';
import { ImageFileField } from '@/components/form/image-file-field';
import { TextField } from '@/components/form/text-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { PageCard } from '@/components/page-kit/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { textLimit } from '@/lib/field-limits';
import { useFeature } from '@/lib/core/session';
import { notify } from '@/lib/notify';
import { ownProfileResource, useUpdateOwnProfile } from './api';
import { reloadTo } from './reload';
import {
  CURRENT_PASSWORD_TEXT,
  PASSWORD_CHANGED_TEXT,
  PROFILE_TEXT,
  SESSIONS_TEXT,
  TWO_FACTOR_PROFILE_TEXT,
} from './strings';

// Your sessions is a list (the list kit) on a form screen: its code comes when its tab is first chosen, so the
// profile's first load stays a form's.
const OwnSessions = lazy(() =>
  import('./own-sessions').then(({ OwnSessions }) => ({ default: OwnSessions })),
);

const OwnTwoFactor = lazy(() =>
  import('./own-two-factor').then(({ OwnTwoFactor }) => ({ default: OwnTwoFactor })),
);

const emailField = z
  .string()
  .check(z.trim(), z.minLength(1, PROFILE_TEXT.emailRequired), z.email(PROFILE_TEXT.emailInvalid));
const fileField = z.nullable(z.instanceof(File));

/** SPEC 2.13's form: every save sets the password. */
const specSchema = z.object({
  email: emailField,
  password: z
    .string()
    .check(z.minLength(1, PROFILE_TEXT.passwordRequired), z.minLength(6, PROFILE_TEXT.passwordShort)),
  currentPassword: z.optional(z.string()),
  file: fileField,
});

/**
 * With 'profile-current-password': the password may stay empty (kept), and the current password is asked for when
 * the e-mail differs from the record's (`email`) or a new password is typed. With 'admin-password-rule' (`ruled`) a
 * new password has its length (the server checks the rest).
 */
const checkedSchema = (email: string, ruled: boolean) =>
  z
    .object({
      email: emailField,
      password: z
        .string()
        .check(
          ruled
            ? z.refine(
                (value) => value === '' || value.length >= ADMIN_PASSWORD_MIN,
                ADMIN_PASSWORD_MESSAGES.short,
              )
            : z.refine((value) => value === '' || value.length >= 6, PROFILE_TEXT.passwordShort),
        ),
      currentPassword: z.string(),
      file: fileField,
    })
    .check(
      z.refine(
        (values) =>
          values.currentPassword !== '' ||
          (values.email.toLowerCase() === email.toLowerCase() && values.password === ''),
        { message: CURRENT_PASSWORD_TEXT.required, path: ['currentPassword'] },
      ),
    );

type ProfileValues = z.input<typeof specSchema>;

/** /profile (SPEC 2.13). */
export function OwnProfilePage() {
  return (
    <QueryBoundary query={ownProfileResource.queries.single()}>
      {(profile) => <OwnProfileForm email={profile.email} photo={profile.photo} />}
    </QueryBoundary>
  );
}

function OwnProfileForm({ email, photo }: { email: string; photo: string }) {
  // The features are kept from the first render: while an expired session is signed in again over the form, it names
  // none, and the form would lose its Current password field and its tabs.
  const [checked] = useState(useFeature('profile-current-password'));
  // Without the current password (SPEC's form) the password typed is taken for the current one, never a new one.
  const [ruled] = useState(useFeature('admin-password-rule') && checked);
  const [schema] = useState(() => (checked ? checkedSchema(email, ruled) : specSchema));
  const controller = useMutationForm({
    schema,
    mutation: useUpdateOwnProfile(),
    // Against a SPEC-only API the form holds, and sends, SPEC's fields alone.
    values: () => ({ email, password: '', ...(checked ? { currentPassword: '' } : {}), file: null }),
    toInput: ({ currentPassword, ...values }) => ({
      ...values,
      ...(currentPassword ? { currentPassword } : {}),
    }),
    // SPEC 2.13: a full page reload to the dashboard, after which the dashboard says SPEC's words (said before it,
    // they would go with the page).
    redirect: '/dashboard',
    leave: (to) => {
      const passwordChanged = checked && controller.form.getValues('password') !== '';
      notify.successAfterReload(passwordChanged ? PASSWORD_CHANGED_TEXT : PROFILE_TEXT.updated);
      reloadTo(to);
    },
  });
  const { errors } = controller.form.formState;
  const [sessions] = useState(useFeature('sessions'));
  // The sessions' panel is drawn from its first choice on and then kept, like the form's, so that going from tab to
  // tab loses nothing typed.
  const [sessionsShown, showSessions] = useState(false);
  const [twoFactor] = useState(useFeature('two-factor'));
  const [twoFactorShown, showTwoFactor] = useState(false);

  const form = (
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
        description={ruled ? ADMIN_PASSWORD_RULE : undefined}
        autoComplete="new-password"
        maxLength={textLimit('profile', 'password')}
        {...controller.form.register('password')}
        error={errors.password?.message}
      />
      {checked ? (
        <PasswordField
          label={CURRENT_PASSWORD_TEXT.label}
          description={CURRENT_PASSWORD_TEXT.description}
          autoComplete="current-password"
          maxLength={textLimit('profile', 'password')}
          {...controller.form.register('currentPassword')}
          error={errors.currentPassword?.message}
        />
      ) : null}
      <FormActions label={PROFILE_TEXT.title} pending={controller.pending} />
    </ControlledForm>
  );

  return (
    <PageCard title={PROFILE_TEXT.title}>
      {sessions || twoFactor ? (
        <Tabs
          defaultValue="profile"
          onChange={(tab) => {
            if (tab === 'sessions') showSessions(true);
            if (tab === 'two-factor') showTwoFactor(true);
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="profile">{PROFILE_TEXT.title}</Tabs.Tab>
            {sessions ? <Tabs.Tab value="sessions">{SESSIONS_TEXT.title}</Tabs.Tab> : null}
            {twoFactor ? <Tabs.Tab value="two-factor">{TWO_FACTOR_PROFILE_TEXT.title}</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="profile" pt="md">
            {form}
          </Tabs.Panel>
          <Tabs.Panel value="sessions" pt="md">
            {sessionsShown ? (
              <Suspense fallback={<Loader size="sm" aria-label={`Loading ${SESSIONS_TEXT.title}`} />}>
                <OwnSessions />
              </Suspense>
            ) : null}
          </Tabs.Panel>
          {twoFactor ? (
            <Tabs.Panel value="two-factor" pt="md">
              {twoFactorShown ? (
                <Suspense
                  fallback={<Loader size="sm" aria-label={`Loading ${TWO_FACTOR_PROFILE_TEXT.title}`} />}
                >
                  <OwnTwoFactor />
                </Suspense>
              ) : null}
            </Tabs.Panel>
          ) : null}
        </Tabs>
      ) : (
        form
      )}
    </PageCard>
  );
}

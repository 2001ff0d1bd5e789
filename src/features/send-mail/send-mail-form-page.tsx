import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { IconMailForward, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod/mini';
import { BackButton } from '@/components/back-button';
import { askToConfirm } from '@/components/confirm';
import { FormActions } from '@/components/form/form-actions';
import { PageCard } from '@/components/page-card';
import { requiredText } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useFeature, useSession } from '@/lib/session';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { ALL_USERS, mailResource, recipientsResource, useSendTestMail } from './api';
import { MAIL_TEXT, recipientsText, testReminder } from './strings';
import { UserPicker } from './user-picker';

const formSchema = z.object({
  title: requiredText(MAIL_TEXT.subjectRequired),
  body: requiredText(MAIL_TEXT.bodyRequired),
  users: z.array(z.string()).check(z.minLength(1, MAIL_TEXT.usersRequired)),
});
type FormValues = z.infer<typeof formSchema>;

/**
 * /send-mail/add (SPEC 2.22, 5, 7.12): subject, body and recipients; says who will receive it before it leaves. With
 * 'mail-test', 'Send me a test first' sends the subject and body to the admin alone, staying on the form.
 */
export function SendMailFormPage() {
  const navigate = useNavigate();
  const send = mailResource.useCreate();
  const testable = useFeature('mail-test');
  const sendTest = useSendTestMail();
  const adminEmail = useSession()?.email ?? '';
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { title: '', body: '', users: [] },
  });
  const { errors, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const users = useWatch({ control: form.control, name: 'users' });
  const all = users.includes(ALL_USERS);
  // 'All Users' reaches every active user: their number, from the same list call asked for one row.
  const active = useQuery({
    ...recipientsResource.queries.page({ page: 1, size: 1, search: '', activeOnly: true }),
    enabled: all,
  });

  const submit = form.handleSubmit((values) => {
    const sendNow = () =>
      send.mutate(
        { title: values.title.trim(), body: values.body.trim(), users: values.users },
        {
          onSuccess: () => {
            notify.success(MAIL_TEXT.sent);
            guard.release();
            navigate('/send-mail');
          },
        },
      );
    if (!values.users.includes(ALL_USERS)) return sendNow();
    const tested =
      sendTest.isSuccess &&
      sendTest.variables.title === values.title.trim() &&
      sendTest.variables.body === values.body.trim();
    askToConfirm({
      title: 'Send this mail to all users?',
      message: recipientsText(active.data?.total, true),
      note: testable && !tested ? testReminder(adminEmail) : undefined,
      confirmLabel: 'Send to all',
      cancelLabel: 'Cancel',
      onConfirm: sendNow,
    });
  });

  // Only the subject and body are checked, with the form's own messages; the form is neither sent nor left.
  const test = async () => {
    if (!(await form.trigger(['title', 'body'], { shouldFocus: true }))) return;
    const [title, body] = form.getValues(['title', 'body']);
    sendTest.mutate(
      { title: title.trim(), body: body.trim() },
      { onSuccess: (answer) => notify.success(answer.message) },
    );
  };

  return (
    <PageCard title={MAIL_TEXT.formTitle} actions={<BackButton fallback="/send-mail" />}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={MAIL_TEXT.subject} {...form.register('title')} error={errors.title?.message} />
          <Textarea label={MAIL_TEXT.body} rows={6} {...form.register('body')} error={errors.body?.message} />
          <Controller
            control={form.control}
            name="users"
            render={({ field, fieldState }) => (
              <UserPicker
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Alert variant="light" icon={<IconUsers size={18} />} role="status" aria-live="polite">
            {recipientsText(all ? active.data?.total : users.length, all)}
          </Alert>
          <FormActions
            label={MAIL_TEXT.send}
            pending={send.isPending}
            before={
              testable ? (
                <Button
                  variant="default"
                  leftSection={<IconMailForward size={16} aria-hidden />}
                  loading={sendTest.isPending}
                  disabled={sendTest.isPending}
                  onClick={() => void test()}
                >
                  {MAIL_TEXT.sendTest}
                </Button>
              ) : null
            }
          />
        </Stack>
      </form>
    </PageCard>
  );
}

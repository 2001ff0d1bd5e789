import { Alert, Button } from '@mantine/core';
import { IconMailForward, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { BackButton } from '@/components/back-button';
import { askToConfirm } from '@/components/confirm';
import { ControlledForm } from '@/components/form/controlled-form';
import { FormActions } from '@/components/form-kit/form-actions';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useRecordForm } from '@/components/form/use-form-controller';
import { PageCard } from '@/components/page-kit/page-card';
import { textLimit } from '@/lib/field-limits';
import { requiredText } from '@/components/form-kit/schema-parts';
import { notify } from '@/lib/notify';
import { useFeature, useSession } from '@/lib/core/session';
import { ALL_USERS, mailResource, recipientsResource, useSendTestMail } from './api';
import { MAIL_TEXT, recipientsText, testReminder } from './strings';
import { UserPicker } from './user-picker';

const formSchema = z.object({
  title: requiredText(MAIL_TEXT.subjectRequired),
  body: requiredText(MAIL_TEXT.bodyRequired),
  users: z.array(z.string()).check(z.minLength(1, MAIL_TEXT.usersRequired)),
});
type FormValues = z.input<typeof formSchema>;

/**
 * /send-mail/add (SPEC 2.22, 5, 7.12): subject, body and recipients; says who will receive it before it leaves. With
 * 'mail-test', 'Send me a test first' sends the subject and body to the admin alone, staying on the form.
 */
export function SendMailFormPage() {
  const testable = useFeature('mail-test');
  const sendTest = useSendTestMail();
  const adminEmail = useSession()?.email ?? '';
  const controller = useRecordForm({
    schema: formSchema,
    resource: mailResource,
    values: () => ({ title: '', body: '', users: [] }),
    toInput: (values) => values,
    success: MAIL_TEXT.sent,
    redirect: '/send-mail',
    confirm: (values, send) => {
      if (!values.users.includes(ALL_USERS)) return send();
      const tested =
        sendTest.isSuccess &&
        sendTest.variables.title === values.title &&
        sendTest.variables.body === values.body;
      askToConfirm({
        title: 'Send this mail to all users?',
        message: recipientsText(active.data?.total, true),
        note: testable && !tested ? testReminder(adminEmail) : undefined,
        confirmLabel: 'Send to all',
        cancelLabel: 'Cancel',
        onConfirm: send,
      });
    },
  });
  const { form } = controller;
  const users = useWatch({ control: form.control, name: 'users' });
  const all = users.includes(ALL_USERS);
  // 'All Users' reaches every active user: their number, from the same list call asked for one row.
  const active = useQuery({
    ...recipientsResource.queries.page({ page: 1, size: 1, search: '', activeOnly: true }),
    enabled: all,
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
      <ControlledForm controller={controller}>
        <TextField<FormValues> name="title" label={MAIL_TEXT.subject} max={textLimit('mail', 'title')} />
        <TextAreaField<FormValues>
          name="body"
          label={MAIL_TEXT.body}
          rows={6}
          max={textLimit('mail', 'body')}
        />
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
          pending={controller.pending}
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
      </ControlledForm>
    </PageCard>
  );
}

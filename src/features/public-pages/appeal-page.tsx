import { Alert, Text } from '@mantine/core';
import { z } from 'zod/mini';
import { requiredText } from '@/components/form-kit/schema-parts';
import { APPEAL_MESSAGES, APPEAL_STATEMENT_MAX } from '@contract/appeals';
import { REFERENCE_PATTERN } from '@contract/restrictions';
import { FormActions } from '@/components/form-kit/form-actions';
import { ControlledForm } from '@/components/form/controlled-form';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { useRequestAppeal } from './appeal-api';
import { APPEAL_TEXT } from './appeal-strings';
import { PublicPageFrame } from './public-page-frame';

const schema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, APPEAL_MESSAGES.emailRequired), z.email(APPEAL_MESSAGES.emailInvalid)),
  reference: z
    .string()
    .check(
      z.trim(),
      z.toUpperCase(),
      z.minLength(1, APPEAL_MESSAGES.referenceRequired),
      z.regex(REFERENCE_PATTERN, APPEAL_MESSAGES.referenceInvalid),
    ),
  statement: requiredText(APPEAL_MESSAGES.statementRequired).check(
    z.maxLength(APPEAL_STATEMENT_MAX, APPEAL_MESSAGES.statementTooLong),
  ),
});
type AppealValues = z.input<typeof schema>;

/**
 * /appeal ('appeals'): a restricted member asks for the decision to be reviewed, with their address, the statement's
 * reference and why. The answer is the same whatever was given (it never tells whether an account exists), and it
 * stays on the page in place of the form: a mailed link confirms the appeal.
 */
export function AppealPage() {
  const mutation = useRequestAppeal();
  const controller = useMutationForm({
    schema,
    mutation,
    values: () => ({ email: '', reference: '', statement: '' }),
    toInput: (values) => values,
    success: APPEAL_TEXT.sent,
  });
  return (
    <PublicPageFrame title={APPEAL_TEXT.title} width={560}>
      {mutation.isSuccess ? (
        <Alert role="status" color="green" title={APPEAL_TEXT.sent}>
          {mutation.data.message || APPEAL_MESSAGES.requested}
        </Alert>
      ) : (
        <>
          <Text c="dimmed" mb="md">
            {APPEAL_TEXT.intro}
          </Text>
          <ControlledForm controller={controller}>
            <TextField<AppealValues>
              name="email"
              label={APPEAL_TEXT.email}
              type="email"
              autoComplete="email"
            />
            <TextField<AppealValues> name="reference" label={APPEAL_TEXT.reference} max={10} />
            <TextAreaField<AppealValues>
              name="statement"
              label={APPEAL_TEXT.statement}
              max={APPEAL_STATEMENT_MAX}
              rows={6}
            />
            <FormActions label={APPEAL_TEXT.submit} pending={controller.pending} />
          </ControlledForm>
        </>
      )}
    </PublicPageFrame>
  );
}

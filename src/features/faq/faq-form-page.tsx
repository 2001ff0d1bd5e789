import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { BackButton } from '@/components/back-button';
import { FormActions } from '@/components/form/form-actions';
import { RichTextField } from '@/components/form/rich-text-field';
import { StatusField } from '@/components/form/select-field';
import { PageCard } from '@/components/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { useVersionedUpdate } from '@/components/stale-write-dialog';
import { notify } from '@/lib/notify';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { faqQueries, faqResource, type Faq } from './api';
import { emptyFaqForm, faqFormSchema, toFormValues, toInput, type FaqFormValues } from './form-schema';
import { FAQ_TEXT } from './strings';

/** Where the form leads when its record is not there (a bad id, deleted meanwhile). */
const BACK_TO_LIST = { to: '/faq', label: 'Back to FAQ' };

/** /faq/add and /faq/update/{faqId}: one form for both; update waits for the record and starts prefilled. */
export function FaqFormPage() {
  const { faqId } = useParams();
  if (!faqId) return <FaqForm />;
  return (
    <QueryBoundary query={faqQueries.detail(faqId)} back={BACK_TO_LIST}>
      {(faq) => <FaqForm faq={faq} />}
    </QueryBoundary>
  );
}

function FaqForm({ faq }: { faq?: Faq }) {
  const navigate = useNavigate();
  const create = faqResource.useCreate();
  const form = useForm<FaqFormValues>({
    resolver: zodResolver(faqFormSchema),
    defaultValues: faq ? toFormValues(faq) : emptyFaqForm,
  });
  const update = useVersionedUpdate(
    faqResource,
    faq,
    (fresh) => form.reset(toFormValues(fresh)),
    BACK_TO_LIST,
  );
  const title = faq ? FAQ_TEXT.updateTitle : FAQ_TEXT.addTitle;
  const { errors, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const submit = form.handleSubmit((values) => {
    const input = toInput(faqFormSchema.parse(values));
    const done = (message: string) => () => {
      notify.success(message);
      guard.release();
      navigate('/faq');
    };
    if (faq) update.save(input, { onSuccess: done(FAQ_TEXT.updated) });
    else create.mutate(input, { onSuccess: done(FAQ_TEXT.added) });
  });

  return (
    <PageCard title={title} actions={<BackButton fallback="/faq" />}>
      <form onSubmit={submit} noValidate>
        <Stack key={update.generation}>
          <TextInput
            label={FAQ_TEXT.question}
            {...form.register('question')}
            error={errors.question?.message}
          />
          <RichTextField control={form.control} name="answer" label={FAQ_TEXT.answer} />
          <StatusField control={form.control} name="status" />
          <FormActions label={title} pending={create.isPending || update.isPending} />
        </Stack>
      </form>
      {update.dialog}
    </PageCard>
  );
}

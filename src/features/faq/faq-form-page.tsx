import { useParams } from 'react-router-dom';
import { BackButton } from '@/components/back-button';
import { ControlledForm } from '@/components/form/controlled-form';
import { FormActions } from '@/components/form-kit/form-actions';
import { RichTextField } from '@/components/form/rich-text-field';
import { StatusField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useRecordForm } from '@/components/form/use-form-controller';
import { PageCard } from '@/components/page-kit/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { textLimit } from '@/lib/field-limits';
import { faqQueries, faqResource, type Faq } from './api';
import { faqFormSchema, toFormValues, toInput, type FaqFormValues } from './form-schema';
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
  const controller = useRecordForm({
    schema: faqFormSchema,
    resource: faqResource,
    record: faq,
    values: toFormValues,
    toInput,
    success: { added: FAQ_TEXT.added, updated: FAQ_TEXT.updated },
    redirect: '/faq',
    back: BACK_TO_LIST,
    serverFields: { enabled: 'status' },
  });
  const title = faq ? FAQ_TEXT.updateTitle : FAQ_TEXT.addTitle;

  return (
    <PageCard title={title} actions={<BackButton fallback="/faq" />}>
      <ControlledForm controller={controller}>
        <TextField<FaqFormValues>
          name="question"
          label={FAQ_TEXT.question}
          max={textLimit('faq', 'question')}
        />
        <RichTextField control={controller.form.control} name="answer" label={FAQ_TEXT.answer} />
        <StatusField control={controller.form.control} name="status" />
        <FormActions label={title} pending={controller.pending} />
      </ControlledForm>
    </PageCard>
  );
}

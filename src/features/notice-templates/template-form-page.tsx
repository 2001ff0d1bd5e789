import { Code, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  PLACEHOLDERS,
  TEMPLATE_BODY_MAX,
  TEMPLATE_KINDS,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  type Placeholder,
} from '@contract/notice-templates';
import { BackButton } from '@/components/back-button';
import { ControlledForm } from '@/components/form/controlled-form';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useRecordForm } from '@/components/form/use-form-controller';
import { FormActions } from '@/components/form-kit/form-actions';
import { PageCard } from '@/components/page-kit/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { noticeTemplateQueries, noticeTemplateResource, type NoticeTemplate } from './api';
import {
  ANY_POLICY,
  templateFormSchema,
  toFormValues,
  toInput,
  type TemplateFormValues,
} from './form-schema';
import { kindLabel, TEMPLATES_TEXT } from './strings';

const LIST = '/queue/templates';
const BACK_TO_LIST = { to: LIST, label: TEMPLATES_TEXT.back };

/** /queue/templates/add and /queue/templates/{templateId} (an Owner's): one form for both. */
export function TemplateFormPage() {
  const { templateId } = useParams();
  if (!templateId) return <TemplateForm />;
  return (
    <QueryBoundary query={noticeTemplateQueries.detail(templateId)} back={BACK_TO_LIST}>
      {(template) => <TemplateForm template={template} />}
    </QueryBoundary>
  );
}

function TemplateForm({ template }: { template?: NoticeTemplate }) {
  const policies = useQuery(noticeTemplateQueries.policies());
  const controller = useRecordForm({
    schema: templateFormSchema,
    resource: noticeTemplateResource,
    record: template,
    values: toFormValues,
    toInput,
    success: { added: TEMPLATES_TEXT.added, updated: TEMPLATES_TEXT.updated },
    redirect: LIST,
    back: BACK_TO_LIST,
  });
  const title = template ? TEMPLATES_TEXT.updateTitle : TEMPLATES_TEXT.addTitle;
  // A template's policy stays a choice even when the policy is disabled.
  const choices = (policies.data ?? []).filter(
    (policy) => policy.enabled || policy._id === template?.policy?._id,
  );

  return (
    <PageCard title={title} actions={<BackButton fallback={LIST} />}>
      <ControlledForm controller={controller} maw={720}>
        <SelectField<TemplateFormValues>
          control={controller.form.control}
          name="kind"
          label={TEMPLATES_TEXT.kind}
          data={TEMPLATE_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
        />
        <SelectField<TemplateFormValues>
          control={controller.form.control}
          name="policyId"
          label={TEMPLATES_TEXT.policy}
          data={[
            { value: ANY_POLICY, label: TEMPLATES_TEXT.anyPolicy },
            ...choices.map((policy) => ({ value: policy._id, label: policy.message })),
          ]}
        />
        <TextField<TemplateFormValues> name="name" label={TEMPLATES_TEXT.name} max={TEMPLATE_NAME_MAX} />
        <TextField<TemplateFormValues>
          name="subject"
          label={TEMPLATES_TEXT.subject}
          max={TEMPLATE_SUBJECT_MAX}
        />
        <TextAreaField<TemplateFormValues>
          name="body"
          label={TEMPLATES_TEXT.body}
          max={TEMPLATE_BODY_MAX}
          rows={10}
        />
        <section aria-labelledby="template-placeholders">
          <Text fw={600} size="sm" id="template-placeholders">
            {TEMPLATES_TEXT.placeholdersTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {TEMPLATES_TEXT.placeholdersHint}
          </Text>
          <List size="sm" mt={4}>
            {(Object.keys(PLACEHOLDERS) as Placeholder[]).map((name) => (
              <List.Item key={name}>
                <Code>{`{{${name}}}`}</Code> {PLACEHOLDERS[name]}
              </List.Item>
            ))}
          </List>
        </section>
        <FormActions label={title} pending={controller.pending} />
      </ControlledForm>
    </PageCard>
  );
}

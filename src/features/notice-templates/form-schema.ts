import { z } from 'zod/mini';
import {
  placeholderProblem,
  TEMPLATE_KINDS,
  TEMPLATE_MESSAGES,
  type TemplateKind,
} from '@contract/notice-templates';
import { requiredText } from '@/components/form-kit/schema-parts';
import type { NoticeTemplate, NoticeTemplateInput } from './api';
import { TEMPLATES_TEXT } from './strings';

/** The policy choice of a template for any policy. */
export const ANY_POLICY = 'any';

/** A subject or body: required, and naming only known placeholders, each closed (the server's own check). */
const templateText = (required: string) =>
  requiredText(required).check(
    z.superRefine((value, ctx) => {
      const problem = placeholderProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  );

export const templateFormSchema = z.object({
  kind: z
    .string()
    .check(
      z.refine((value) => (TEMPLATE_KINDS as readonly string[]).includes(value), TEMPLATES_TEXT.kindRequired),
    ),
  /** A policy's id, or ANY_POLICY. */
  policyId: z.string(),
  name: requiredText(TEMPLATE_MESSAGES.nameRequired),
  subject: templateText(TEMPLATE_MESSAGES.subjectRequired),
  body: templateText(TEMPLATE_MESSAGES.bodyRequired),
});

export type TemplateFormValues = z.input<typeof templateFormSchema>;

export function toFormValues(template?: NoticeTemplate): TemplateFormValues {
  if (!template) return { kind: 'warning', policyId: ANY_POLICY, name: '', subject: '', body: '' };
  return {
    kind: template.kind,
    policyId: template.policy?._id ?? ANY_POLICY,
    name: template.name,
    subject: template.subject,
    body: template.body,
  };
}

export function toInput(values: z.output<typeof templateFormSchema>): NoticeTemplateInput {
  return {
    kind: values.kind as TemplateKind,
    policyId: values.policyId === ANY_POLICY ? null : values.policyId,
    name: values.name,
    subject: values.subject,
    body: values.body,
  };
}

import { z } from 'zod/mini';
import {
  requiredHtml,
  requiredText,
  statusField,
  statusFromForm,
  statusToForm,
} from '@/components/form-kit/schema-parts';
import type { Faq, FaqInput } from './api';
import { FAQ_TEXT } from './strings';

export const faqFormSchema = z.object({
  question: requiredText(FAQ_TEXT.questionRequired),
  answer: requiredHtml(FAQ_TEXT.answerRequired),
  status: statusField(FAQ_TEXT.statusRequired),
});

export type FaqFormValues = z.input<typeof faqFormSchema>;

/** The form's values for a FAQ, or for a new one. */
export function toFormValues(faq?: Faq): FaqFormValues {
  if (!faq) return { question: '', answer: '', status: '' };
  return { question: faq.question, answer: faq.answer, status: statusToForm(faq.enabled) };
}

export function toInput(values: z.output<typeof faqFormSchema>): FaqInput {
  return { question: values.question, answer: values.answer, enabled: statusFromForm(values.status) };
}

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { TEMPLATE_KINDS, type TemplateKind } from '@contract/notice-templates';
import { api } from '@/lib/data/api-client';
import { defineResource } from '@/lib/data/resource';
import { flag, id, text } from '@/lib/data/schemas';
import { version } from '@/lib/core/versioned-update';
import { kindLabel, TEMPLATES_TEXT } from './strings';

const NOTICE_TEMPLATES_KEY = 'notice-templates';

const template = z.pipe(
  z.object({
    _id: id,
    kind: z.enum(TEMPLATE_KINDS),
    policy: z.nullish(z.object({ _id: id, name: text })),
    name: text,
    subject: text,
    body: text,
    placeholders: z.array(z.string()),
    updatedAt: version,
  }),
  // The list's columns read flat fields, as they show them.
  z.transform((record) => ({
    ...record,
    kindLabel: kindLabel(record.kind),
    policyLabel: record.policy?.name ?? TEMPLATES_TEXT.anyPolicy,
  })),
);

const policies = z.object({
  result: z.nullish(z.array(z.object({ _id: id, message: text, enabled: flag }))),
});
export type Policy = NonNullable<z.output<typeof policies>['result']>[number];

export type NoticeTemplate = z.output<typeof template>;
export type NoticeTemplateInput = {
  kind: TemplateKind;
  policyId: string | null;
  name: string;
  subject: string;
  body: string;
};

/** 'notice-templates': GET /api/notice-templates (?kind, ?policy), one by id, and an Owner's writes. */
export const noticeTemplateResource = defineResource<NoticeTemplate, NoticeTemplateInput>({
  key: NOTICE_TEMPLATES_KEY,
  item: template,
  endpoints: {
    list: 'notice-templates',
    detail: (templateId) => `notice-templates/${templateId}`,
    create: 'notice-templates',
    update: (templateId) => `notice-templates/${templateId}`,
    remove: (templateId) => `notice-templates/${templateId}`,
  },
});

/** A list's filter: a kind, and a policy's id ('none': the templates for any policy alone). */
export type TemplateFilter = { kind?: string; policy?: string };

export const noticeTemplateQueries = {
  ...noticeTemplateResource.queries,
  /** The templates of a kind for a policy: the policy's own and those for any policy. */
  forPolicy: ({ kind, policy }: TemplateFilter) =>
    noticeTemplateResource.queries.list({ kind: kind ?? '', policy: policy ?? '' }),
  /** GET /api/reportelement/listAll: the policies a template may be written for. */
  policies: () =>
    queryOptions({
      queryKey: [NOTICE_TEMPLATES_KEY, 'policies'] as const,
      queryFn: ({ signal }) =>
        api.get('reportelement/listAll', policies, { signal }).then((answer) => answer.result ?? []),
      staleTime: 60_000,
    }),
};

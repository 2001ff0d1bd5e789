import { Button, NativeSelect, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TEMPLATE_KINDS } from '@contract/notice-templates';
import { declaredColumns } from '@/components/declared-cells';
import { deleteAction, useListController } from '@/components/list-kit/list-controller';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { RowActions } from '@/components/row-actions';
import { usePermission } from '@/lib/core/session';
import { column } from '@/lib/declared-columns';
import { notify } from '@/lib/notify';
import { noticeTemplateQueries, noticeTemplateResource, type NoticeTemplate } from './api';
import { kindLabel, TEMPLATES_TEXT } from './strings';

const FILTERS = ['kind', 'policy'] as const;

const COLUMNS = [
  column.text(TEMPLATES_TEXT.name, 'name'),
  column.text(TEMPLATES_TEXT.kind, 'kindLabel'),
  column.text(TEMPLATES_TEXT.policy, 'policyLabel'),
  column.text(TEMPLATES_TEXT.subject, 'subject'),
  column.truncated(TEMPLATES_TEXT.body, 'body'),
];

/**
 * /queue/templates ('notice-templates'): the warning and notice templates, by kind and policy. An Owner adds, edits and
 * deletes them; every other queue reader sees them as they are.
 */
export function TemplatesPage() {
  const writes = usePermission('templates.write');
  const remove = noticeTemplateResource.useRemove();
  const policies = useQuery(noticeTemplateQueries.policies());
  const list = useListController({
    columns: declaredColumns<NoticeTemplate>(
      writes ? [...COLUMNS, column.actions(TEMPLATES_TEXT.action)] : COLUMNS,
      {
        actions: (template) => (
          <RowActions
            editTo={`/queue/templates/${template._id}`}
            deleting={remove.isPending && remove.variables === template._id}
            onDelete={() =>
              remove.mutate(template._id, { onSuccess: () => notify.success(TEMPLATES_TEXT.deleted) })
            }
          />
        ),
      },
    ),
    rowKey: (template) => template._id,
    sort: 'browser',
    filters: FILTERS,
    query: ({ filters }) => noticeTemplateQueries.forPolicy({ kind: filters.kind, policy: filters.policy }),
    bulk: writes
      ? [deleteAction((template: NoticeTemplate) => noticeTemplateResource.removeRecord(template._id))]
      : [],
    invalidates: noticeTemplateResource.invalidates,
  });
  const filter = (name: (typeof FILTERS)[number], value: string) => list.setFilter(name, value || null);

  return (
    <PageCard
      title={TEMPLATES_TEXT.listTitle}
      actions={
        writes ? (
          <Button component={Link} to="/queue/templates/add" leftSection={<IconPlus size={16} aria-hidden />}>
            {TEMPLATES_TEXT.add}
          </Button>
        ) : null
      }
    >
      {writes ? null : (
        <Text size="sm" c="dimmed" mb="sm">
          {TEMPLATES_TEXT.readOnly}
        </Text>
      )}
      <ListView
        list={list}
        label={TEMPLATES_TEXT.listTitle}
        rowName={(template) => template.name}
        emptyText={TEMPLATES_TEXT.empty}
      >
        <NativeSelect
          label={TEMPLATES_TEXT.kind}
          value={list.state.filters.kind ?? ''}
          onChange={(event) => filter('kind', event.currentTarget.value)}
          data={[
            { value: '', label: TEMPLATES_TEXT.everyKind },
            ...TEMPLATE_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
          ]}
          w={160}
        />
        <NativeSelect
          label={TEMPLATES_TEXT.policy}
          value={list.state.filters.policy ?? ''}
          onChange={(event) => filter('policy', event.currentTarget.value)}
          data={[
            { value: '', label: TEMPLATES_TEXT.everyPolicy },
            { value: 'none', label: TEMPLATES_TEXT.anyPolicy },
            ...(policies.data ?? []).map((policy) => ({ value: policy._id, label: policy.message })),
          ]}
          w={200}
        />
      </ListView>
    </PageCard>
  );
}

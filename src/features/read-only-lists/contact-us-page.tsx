import { Anchor, Badge, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_STATUSES, type ContactStatus } from '@contract/contact-us';
import { declaredColumns } from '@/components/declared-cells';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { useFeature, usePermission } from '@/lib/core/session';
import { sortFieldsOf } from '@/lib/declared-columns';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { contactResource, contactRequest, useSetContactStatus, type Contact } from './api';
import { CONTACT_STATUS_COLOUR, CONTACT_TEXT } from './contact-status-strings';
import { contactUs } from './contact-us';
import { PagedListPage } from './paged-list-page';

/** The escalation's dialog, loaded when it is first opened. */
const EscalateDialog = lazy(() =>
  import('./escalate-dialog').then((module) => ({ default: module.EscalateDialog })),
);

/** A message's status: Open or Handled, in words (the colour only repeats it). */
function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return (
    <Badge color={CONTACT_STATUS_COLOUR[status]} variant="light" tt="none">
      {status}
    </Badge>
  );
}

/** Busy without `loading`, so the button keeps the keyboard focus. */
const busyProps = (busy: boolean) => ({
  'aria-busy': busy,
  rightSection: busy ? <Loader size={12} color="currentColor" aria-hidden /> : null,
});

/** A message's row actions: Mark handled or Reopen, and Escalate to the review queue while it is in no case. */
function ContactActions({ contact }: { contact: Contact }) {
  const handles = usePermission('contacts.handle');
  const escalates = useFeature('review-cases');
  const change = useSetContactStatus();
  const [escalating, setEscalating] = useState(false);
  if (!handles) return null;
  const next: ContactStatus = contact.status === 'Open' ? 'Handled' : 'Open';
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        color={next === 'Handled' ? 'green' : 'gray'}
        {...busyProps(change.isPending)}
        onClick={() => {
          if (change.isPending) return;
          change.mutate(
            { contactId: contact._id, status: next },
            {
              onSuccess: () =>
                notify.success(next === 'Handled' ? CONTACT_TEXT.markedHandled : CONTACT_TEXT.reopened),
            },
          );
        }}
      >
        {next === 'Handled' ? CONTACT_TEXT.markHandled : CONTACT_TEXT.reopen}
      </Button>
      {escalates && !contact.caseId ? (
        <Button size="xs" variant="light" color="red" onClick={() => setEscalating(true)}>
          {CONTACT_TEXT.escalate}
        </Button>
      ) : null}
      {escalating ? (
        <Suspense fallback={null}>
          <EscalateDialog contact={contact} onClose={() => setEscalating(false)} />
        </Suspense>
      ) : null}
    </Group>
  );
}

/** Where the message's case is: a link to it on the queue's case page ('review-cases'). */
function CaseLink({ caseId }: { caseId: string }) {
  const cases = useFeature('review-cases');
  return cases ? (
    <Anchor component={Link} to={`/queue/${caseId}`} size="xs">
      {CONTACT_TEXT.inQueue}
    </Anchor>
  ) : (
    <Text size="xs">{CONTACT_TEXT.inQueue}</Text>
  );
}

const handledText = (contact: Contact) =>
  contact.status === 'Handled' && contact.handledAt
    ? CONTACT_TEXT.handledBy(contact.handledBy?.name ?? '', formatDateTime(contact.handledAt))
    : '';

/** SPEC's five columns, then the status (who handled it, when; its case) and the row's actions. */
const COLUMNS: ListColumn<Contact>[] = [
  ...declaredColumns<Contact>(contactUs.columns),
  {
    id: 'status',
    header: CONTACT_TEXT.status,
    text: (contact) => [contact.status, handledText(contact)].filter(Boolean).join(' '),
    cell: (contact) => (
      <Stack gap={4} align="flex-start">
        <ContactStatusBadge status={contact.status} />
        {handledText(contact) ? (
          <Text size="xs" c="dimmed">
            {handledText(contact)}
          </Text>
        ) : null}
        {contact.caseId ? <CaseLink caseId={contact.caseId} /> : null}
      </Stack>
    ),
  },
  {
    id: 'contactActions',
    header: CONTACT_TEXT.actions,
    cell: (contact) => <ContactActions contact={contact} />,
  },
];

/** With 'contact-status': SPEC's list with each message's status, a filter by it, and what can be done with it. */
function ContactStatusList() {
  const sorting = useFeature('list-sort');
  const list = useListController({
    columns: COLUMNS,
    rowKey: (contact) => contact._id,
    filters: ['status'],
    sort: { apiSorts: sorting ? sortFieldsOf(contactUs.columns) : [] },
    query: (state) => contactResource.queries.page(contactRequest(state)),
    exportAs: { fileName: contactUs.key },
  });
  return (
    <PageCard title={contactUs.title}>
      <ListView
        list={list}
        label={contactUs.title}
        rowName={(contact) => contact.title || contact._id}
        emptyText={contactUs.emptyText}
        paged
      >
        <NativeSelect
          label={CONTACT_TEXT.status}
          value={contactRequest(list.state).status ?? ''}
          onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
          data={[{ value: '', label: CONTACT_TEXT.everyStatus }, ...CONTACT_STATUSES]}
          w={160}
        />
      </ListView>
    </PageCard>
  );
}

/**
 * /contact-us (SPEC 2.15, 7.9). When the API announces 'contact-status' each message has a status (Open, Handled)
 * with who handled it and when, a filter by status (?status=, in the URL and the call), Mark handled / Reopen on its
 * row, and "Escalate to the review queue" where the API has review cases. Without it, SPEC's list exactly.
 */
export function ContactUsPage() {
  return useFeature('contact-status') ? <ContactStatusList /> : <PagedListPage list={contactUs} />;
}

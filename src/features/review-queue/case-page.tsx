import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Kbd,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconKeyboard } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { CaseMember, CaseReport, DecideBody } from '@contract/review-cases';
import { REVIEW_STATE_LABELS } from '@contract/review-queue';
import { useDocumentTitle } from '@/components/document-title';
import { MemberNotes } from '@/components/member-record/member-notes';
import { ModerationHistory } from '@/components/member-record/moderation-history';
import { QueryBoundary } from '@/components/query-boundary';
import { UserLink } from '@/components/user-link';
import { useFeature, usePermission, useSession } from '@/lib/core/session';
import { userName } from '@/lib/declared-columns';
import { formatDateTime, formatLongDate } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { notify } from '@/lib/notify';
import {
  caseQuery,
  queuePage,
  useClaim,
  useClaimNext,
  useDecide,
  type CaseData,
  type QueueItem,
} from './api';
import { ActionPanel, type ActionPanelHandle } from './case-actions';
import { AgeAgainstTarget } from './queue-cells';
import { CASE_TEXT, QUEUE_TEXT } from './strings';
import './case-page.css';

/** Whether a key press is the page's shortcut: not typing, not a modifier chord, no dialog open. */
export function isShortcut(event: KeyboardEvent) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false;
  const target = event.target as HTMLElement | null;
  if (!target || target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'))
    return false;
  return !document.querySelector('[role="dialog"][aria-modal="true"]');
}

/** Where an item opens: a case here, an appeal on its own page. */
export const itemPath = (item: Pick<QueueItem, '_id' | 'kind' | 'ref'>) =>
  item.kind === 'appeal'
    ? `/appeals/${encodeURIComponent(item.ref)}`
    : `/queue/${encodeURIComponent(item._id)}`;

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The case's reports in full, oldest first: each with who reported it, when, and its policy. */
function Reports({ reports, count }: { reports: CaseReport[]; count: number }) {
  return (
    <Section title={`${CASE_TEXT.reports} (${CASE_TEXT.reportCount(count)})`} id="case-reports">
      <Stack gap="sm" component="ol" className="case-reports">
        {reports.map((report) => (
          <li key={report._id}>
            <Card
              withBorder
              padding="sm"
              radius="sm"
              component="article"
              aria-label={report.message.slice(0, 80)}
            >
              <Group gap="xs" mb={4} wrap="wrap">
                {report.policy ? (
                  <Badge variant="light" tt="none">
                    {report.policy.name}
                  </Badge>
                ) : null}
                <Badge variant="outline" color="gray" tt="none">
                  {report.status}
                </Badge>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {report.message}
              </Text>
              <Text size="xs" c="dimmed" mt={4} component="div">
                {CASE_TEXT.reportedBy} <UserLink user={report.reporter} /> {CASE_TEXT.reportedOn}{' '}
                <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
              </Text>
            </Card>
          </li>
        ))}
      </Stack>
    </Section>
  );
}

function restrictionText(restriction: NonNullable<CaseMember['restriction']>) {
  return restriction.endsAt
    ? CASE_TEXT.suspendedUntil(
        formatLongDate(restriction.endsAt),
        restriction.policy.name,
        restriction.reference,
      )
    : CASE_TEXT.permanently(restriction.policy.name, restriction.reference);
}

/** What a moderator needs first about the member: photos, age, joined, last active, verified, strikes, restriction. */
function MemberSummary({ member }: { member: CaseMember }) {
  const name = userName(member);
  return (
    <Section title={CASE_TEXT.member} id="case-member">
      <Stack gap="sm">
        <Anchor component={Link} to={`/users/${member._id}`} fw={600}>
          {name}
        </Anchor>
        {member.photos.length ? (
          <Group gap="xs" wrap="wrap">
            {member.photos.map((photo, index) => (
              <Image
                key={photo}
                src={mediaUrl(photo)}
                alt={CASE_TEXT.photoOf(name, index + 1)}
                w={72}
                h={72}
                radius="sm"
                fit="cover"
              />
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {CASE_TEXT.noPhotos}
          </Text>
        )}
        <dl className="case-facts">
          <Fact label={CASE_TEXT.age}>{member.age === null ? '-' : CASE_TEXT.years(member.age)}</Fact>
          <Fact label={CASE_TEXT.joined}>{formatLongDate(member.joinedAt)}</Fact>
          <Fact label={CASE_TEXT.lastActive}>
            {member.lastActiveAt ? formatDateTime(member.lastActiveAt) : '-'}
          </Fact>
          <Fact label={CASE_TEXT.verified}>{member.verified ? CASE_TEXT.yes : CASE_TEXT.no}</Fact>
          <Fact label={CASE_TEXT.strikes}>
            {CASE_TEXT.strikeCount(member.strikes.active)}
            {member.strikes.reversed > 0 ? (
              <Text span c="dimmed" size="sm">
                {' '}
                · {CASE_TEXT.reversed(member.strikes.reversed)}
              </Text>
            ) : null}
          </Fact>
          <Fact label={CASE_TEXT.restriction}>
            {member.restriction ? restrictionText(member.restriction) : CASE_TEXT.noRestriction}
          </Fact>
          <Fact label={CASE_TEXT.earlier}>
            {CASE_TEXT.earlierCounts(member.earlierReports, member.earlierRestrictions)}
          </Fact>
        </dl>
      </Stack>
    </Section>
  );
}

/** The `?` dialog: every key the case page answers. */
function KeysDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={CASE_TEXT.shortcuts}>
      <Table>
        <Table.Tbody>
          {CASE_TEXT.keys.map(([key, what]) => (
            <Table.Tr key={key}>
              <Table.Td>
                <Kbd>{key}</Kbd>
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

/** /queue/:id ('review-cases'): one case, its evidence, its member, and the decision. */
export function CasePage() {
  const { id = '' } = useParams();
  return (
    <QueryBoundary query={caseQuery(id)} back={{ to: '/queue', label: CASE_TEXT.back }}>
      {(data) => <CaseWorkspace key={id} data={data} />}
    </QueryBoundary>
  );
}

function CaseWorkspace({ data }: { data: CaseData }) {
  const { item, reports, member } = data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selfId = useSession()?.userId;
  const claims = usePermission('queue.claim');
  const withNotes = useFeature('member-notes');
  const withHistory = useFeature('user-history');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const [keysOpen, setKeysOpen] = useState(false);
  const panel = useRef<ActionPanelHandle>(null);
  const name = member ? userName(member) : CASE_TEXT.noMember;
  const title = CASE_TEXT.title(name);
  useDocumentTitle(title);

  const claim = useClaim();
  const claimNext = useClaimNext();
  const decide = useDecide(item._id);
  const mine = item.state === 'claimed' && item.assignee?._id === selfId;
  const claimable = claims && item.state === 'open';

  // The next claimable item and its case, read while this one is open, so "Decide and next" paints at once.
  const upcoming = useQuery({ ...queuePage({ page: 1, size: 2, state: 'open' }), enabled: claims });
  const nextId = upcoming.data?.rows.find((row) => row._id !== item._id && row.kind === 'case')?._id;
  useEffect(() => {
    if (nextId) void queryClient.prefetchQuery(caseQuery(nextId));
  }, [nextId, queryClient]);

  const doClaim = () => {
    if (!claimable || claim.isPending) return;
    claim.mutate(item._id, { onSuccess: (answer) => notify.success(answer.message) });
  };

  /** Opens the item claimed next, or the queue when none was left. */
  const show = (next: QueueItem | null) => {
    if (!next) {
      notify.success(CASE_TEXT.nothingNext);
      navigate('/queue');
      return;
    }
    // The prefetched case shows at once as claimed by the admin; its read again follows.
    queryClient.setQueryData(caseQuery(next._id).queryKey, (old) =>
      old ? { ...old, item: { ...old.item, state: next.state, assignee: next.assignee } } : old,
    );
    navigate(itemPath(next));
  };

  /**
   * Claims the item the decision named as next (claim-next's choice, never this one: an escalated case may now head
   * the queue), or, when another admin took it meanwhile, whatever claim-next gives.
   */
  const openNext = (named: string | null) => {
    if (!named) return show(null);
    claim.mutate(named, {
      onSuccess: (answer) => show(answer.result),
      onError: () => claimNext.mutate(undefined, { onSuccess: (answer) => show(answer.result) }),
    });
  };

  const submit = (body: DecideBody, andNext: boolean) =>
    decide.mutate(body, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        if (body.action === 'release') navigate('/queue');
        else if (andNext) openNext(answer.result.next?._id ?? null);
      },
    });

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!isShortcut(event)) return;
    const action = ({ d: 'dismiss', w: 'warn', x: 'restrict', e: 'escalate' } as const)[event.key];
    if (action && mine) {
      event.preventDefault();
      panel.current?.open(action);
      return;
    }
    switch (event.key) {
      case '?':
        event.preventDefault();
        setKeysOpen(true);
        break;
      case 'c':
        if (claimable) {
          event.preventDefault();
          doClaim();
        }
        break;
      case 'r':
        if (mine && !decide.isPending) {
          event.preventDefault();
          submit({ action: 'release' }, false);
        }
        break;
      case 'u':
        event.preventDefault();
        navigate('/queue');
        break;
      case '1':
      case '2':
      case '3':
        if (panel.current?.preset(event.key)) event.preventDefault();
        break;
      case 'Escape':
        panel.current?.close();
        break;
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const busy = decide.isPending || claimNext.isPending || claim.isPending;

  return (
    <Stack gap="md" className="case-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to="/queue" size="sm" aria-keyshortcuts="u">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {CASE_TEXT.back}
          </Group>
        </Anchor>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconKeyboard size={14} aria-hidden />}
          aria-keyshortcuts="?"
          onClick={() => setKeysOpen(true)}
        >
          {CASE_TEXT.shortcutsButton}
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" tt="none">
            {CASE_TEXT.priority}: {item.level?.name ?? QUEUE_TEXT.noLevel}
          </Badge>
          <AgeAgainstTarget item={item} now={now} />
          <Badge variant="outline" color="gray" tt="none">
            {REVIEW_STATE_LABELS[item.state]}
            {item.assignee ? ` · ${item.assignee.name}` : ''}
          </Badge>
        </Group>
      </Group>
      <div className="case-layout">
        <div className="case-main">
          <Reports reports={reports} count={item.reportCount} />
          {data.contacts.length ? (
            <Section title={CASE_TEXT.contacts} id="case-contacts">
              <Stack gap="sm">
                {data.contacts.map((contact) => (
                  <Card key={contact._id} withBorder padding="sm" radius="sm" component="article">
                    <Text size="sm" fw={600}>
                      {contact.title}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {contact.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {contact.email} · {formatDateTime(contact.createdAt)}
                    </Text>
                  </Card>
                ))}
              </Stack>
            </Section>
          ) : null}
          {member ? <MemberSummary member={member} /> : null}
        </div>
        <div className="case-side">
          <Section title={CASE_TEXT.decision} id="case-decision">
            {item.state === 'done' ? (
              <Text size="sm">{CASE_TEXT.decided}</Text>
            ) : mine ? (
              <ActionPanel ref={panel} data={data} busy={busy} onSubmit={submit} />
            ) : item.state === 'claimed' ? (
              <Text size="sm">{CASE_TEXT.claimedBy(item.assignee?.name ?? CASE_TEXT.unknownMember)}</Text>
            ) : claims ? (
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{CASE_TEXT.claimFirst}</Text>
                <Button onClick={doClaim} loading={claim.isPending} aria-keyshortcuts="c">
                  {CASE_TEXT.claim}
                </Button>
              </Stack>
            ) : null}
          </Section>
        </div>
      </div>
      {/* The member's notes and history, as the profile shows them, full width: their tables need it. */}
      {member && withNotes ? (
        <Section title={CASE_TEXT.notes} id="case-notes">
          <MemberNotes userId={member._id} />
        </Section>
      ) : null}
      {member && withHistory ? (
        <Section title={CASE_TEXT.history} id="case-history">
          <ModerationHistory userId={member._id} />
        </Section>
      ) : null}
      <KeysDialog opened={keysOpen} onClose={() => setKeysOpen(false)} />
    </Stack>
  );
}

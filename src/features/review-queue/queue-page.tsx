import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerTrackNext } from '@tabler/icons-react';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ageLevel,
  DEFAULT_QUEUE_AMBER_HOURS,
  DEFAULT_QUEUE_RED_HOURS,
  REVIEW_KINDS,
  REVIEW_STATE_LABELS,
  REVIEW_STATES,
  type AgeLevel,
} from '@contract/review-queue';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { UserLink } from '@/components/user-link';
import { useFeature, usePermission, useSession } from '@/lib/core/session';
import { userName } from '@/lib/declared-columns';
import { formatAge } from '@/lib/format';
import { notify } from '@/lib/notify';
import {
  queuePage,
  useClaim,
  useClaimNext,
  useRelease,
  type QueueAges,
  type QueueItem,
  type QueueRequest,
  type QueueRows,
} from './api';
import { AgeAgainstTarget, kindLabel, shortSpan } from './queue-cells';
import { QUEUE_TEXT } from './strings';

const FILTERS = ['kind', 'state', 'assignee'] as const;
type Filter = (typeof FILTERS)[number];

const AGE_COLOURS: Record<AgeLevel, string> = { fresh: 'gray', amber: 'yellow', red: 'red' };
const DEFAULT_AGES: QueueAges = { amberHours: DEFAULT_QUEUE_AMBER_HOURS, redHours: DEFAULT_QUEUE_RED_HOURS };

/**
 * An item's age in its largest unit ('25 days', '3 hours', '40 minutes'), coloured amber or red past its thresholds,
 * which a mark beside it shows and assistive technology hears in words (not by colour alone).
 */
function Age({ item, ages, now }: { item: QueueItem; ages: QueueAges; now: number }) {
  const level = item.state === 'done' ? 'fresh' : ageLevel(item.createdAt, now, ages);
  const late =
    level === 'red'
      ? ` (${QUEUE_TEXT.ageRed.replace('{red}', String(ages.redHours))})`
      : level === 'amber'
        ? ` (${QUEUE_TEXT.ageAmber.replace('{amber}', String(ages.amberHours))})`
        : '';
  return (
    <Badge
      color={AGE_COLOURS[level]}
      variant="light"
      tt="none"
      data-age={level}
      leftSection={late ? <IconAlertTriangle size={12} aria-hidden /> : undefined}
    >
      {formatAge(item.createdAt, now)}
      {late ? <span className="visually-hidden">{late}</span> : null}
    </Badge>
  );
}

/** The queue request the URL's state asks for: the filters as the API takes them. */
function queueRequest(state: { page: number; size: number; filters: Record<Filter, string> }): QueueRequest {
  const { kind, state: itemState, assignee } = state.filters;
  return {
    page: state.page,
    size: state.size,
    ...(REVIEW_KINDS.some((value) => value === kind) ? { kind } : {}),
    ...(REVIEW_STATES.some((value) => value === itemState) ? { state: itemState } : {}),
    ...(assignee && /^(me|none|[0-9a-f]{24})$/.test(assignee) ? { assignee } : {}),
  };
}

const subjectName = (item: QueueItem) => userName(item.subject ?? null, QUEUE_TEXT.unknownMember);
const itemName = (item: QueueItem) => `${kindLabel(item.kind)}: ${subjectName(item)}`;

/** Whether a key press is the page's shortcut, not typing or a dialog's. */
function isShortcut(event: KeyboardEvent) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false;
  const target = event.target as HTMLElement | null;
  if (!target || target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'))
    return false;
  return !document.querySelector('[role="dialog"][aria-modal="true"]');
}

/**
 * /queue ('review-queue'): what the team has to review, oldest first, with each item's kind, subject member, age
 * (amber and red past the API's thresholds), state and assignee; filtered by kind, state and assignee (in the URL).
 * "Claim next" gives the admin the oldest open item and opens it; a row's Claim, Release and Open (its chat report's
 * case, where Dismiss and "Deactivate reported user" decide it; an appeal's screen, where Uphold or Reverse decides it). The keyboard does it all: n, j / k, Enter or o, c, r.
 */
export function QueuePage() {
  const navigate = useNavigate();
  const selfId = useSession()?.userId;
  const owner = useSession()?.role === 'owner';
  const claims = usePermission('queue.claim');
  const cases = useFeature('review-cases');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  const claimNext = useClaimNext();
  const claim = useClaim();
  const release = useRelease();
  const busy = claimNext.isPending || claim.isPending || release.isPending;

  const claimable = (item: QueueItem) => claims && item.state === 'open';
  const releasable = (item: QueueItem) =>
    claims && item.state === 'claimed' && (item.assignee?._id === selfId || owner);
  const open = useCallback(
    (item: QueueItem) =>
      navigate(
        item.kind === 'appeal'
          ? `/appeals/${encodeURIComponent(item.ref)}`
          : cases && item.kind === 'case'
            ? `/queue/${encodeURIComponent(item._id)}`
            : `/chat-report?report=${encodeURIComponent(item.ref)}`,
      ),
    [navigate, cases],
  );
  const doClaim = (item: QueueItem) =>
    claim.mutate(item._id, {
      onSuccess: (answer) => {
        setSelectedId(item._id);
        notify.success(answer.message);
      },
    });
  const doRelease = (item: QueueItem) =>
    release.mutate(item._id, { onSuccess: (answer) => notify.success(answer.message) });

  const kindColumn: ListColumn<QueueItem> = {
    id: 'kind',
    header: QUEUE_TEXT.kind,
    cell: (item) => kindLabel(item.kind),
    text: (item) => kindLabel(item.kind),
  };
  const assigneeColumn: ListColumn<QueueItem> = {
    id: 'assignee',
    header: QUEUE_TEXT.assignee,
    cell: (item) =>
      item.assignee ? (
        item.assignee.name || item.assignee._id
      ) : (
        <Text size="sm" c="dimmed">
          {QUEUE_TEXT.nobody}
        </Text>
      ),
    text: (item) => item.assignee?.name ?? '',
  };
  // 'review-cases': what a moderator reads before opening a case, priority first (the server's order).
  const caseColumns: ListColumn<QueueItem>[] = [
    kindColumn,
    {
      id: 'member',
      header: QUEUE_TEXT.member,
      cell: (item) => <UserLink user={item.subject ?? null} />,
      text: subjectName,
    },
    {
      id: 'reason',
      header: QUEUE_TEXT.reason,
      cell: (item) => (
        <Stack gap={2} maw={320}>
          <Text size="sm" fw={600}>
            {item.reason ?? ''}
          </Text>
          {item.excerpt && item.excerpt !== item.reason ? (
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {item.excerpt}
            </Text>
          ) : null}
        </Stack>
      ),
      text: (item) => item.reason ?? '',
    },
    {
      id: 'reporter',
      header: QUEUE_TEXT.reporter,
      cell: (item) =>
        item.reporter ? (
          <UserLink user={item.reporter} />
        ) : (
          <Text size="sm" c="dimmed">
            -
          </Text>
        ),
      text: (item) => (item.reporter ? userName(item.reporter) : ''),
    },
    {
      id: 'reports',
      header: QUEUE_TEXT.reports,
      cell: (item) => String(item.reportCount ?? 1),
      text: (item) => String(item.reportCount ?? 1),
    },
    {
      id: 'priority',
      header: QUEUE_TEXT.priority,
      cell: (item) => item.level?.name ?? QUEUE_TEXT.noLevel,
      text: (item) => item.level?.name ?? '',
    },
    {
      id: 'age',
      header: QUEUE_TEXT.ageAgainstTarget,
      cell: (item) => <AgeAgainstTarget item={item} now={now} />,
      text: (item) => shortSpan((now - Date.parse(item.createdAt)) / 60_000),
    },
    assigneeColumn,
  ];
  const columns: ListColumn<QueueItem>[] = [
    ...(cases
      ? caseColumns
      : ([
          kindColumn,
          {
            id: 'subject',
            header: QUEUE_TEXT.subject,
            cell: (item) => <UserLink user={item.subject ?? null} />,
            text: subjectName,
          },
          {
            id: 'age',
            header: QUEUE_TEXT.age,
            cell: (item) => <Age item={item} ages={ages} now={now} />,
            text: (item) => formatAge(item.createdAt, now),
          },
          {
            id: 'state',
            header: QUEUE_TEXT.state,
            cell: (item) => REVIEW_STATE_LABELS[item.state],
            text: (item) => REVIEW_STATE_LABELS[item.state],
          },
          assigneeColumn,
        ] satisfies ListColumn<QueueItem>[])),
    {
      id: 'action',
      header: QUEUE_TEXT.action,
      cell: (item) => (
        <Group gap="xs" wrap="nowrap">
          {claimable(item) ? (
            <Button
              size="xs"
              variant="light"
              aria-label={QUEUE_TEXT.claimOf(itemName(item))}
              disabled={busy}
              onClick={() => doClaim(item)}
            >
              {QUEUE_TEXT.claim}
            </Button>
          ) : null}
          {releasable(item) ? (
            <Button
              size="xs"
              variant="light"
              color="gray"
              aria-label={QUEUE_TEXT.releaseOf(itemName(item))}
              disabled={busy}
              onClick={() => doRelease(item)}
            >
              {QUEUE_TEXT.release}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant={selectedId === item._id ? 'filled' : 'default'}
            aria-label={QUEUE_TEXT.openOf(itemName(item))}
            data-queue-open={item._id}
            onFocus={() => setSelectedId(item._id)}
            onClick={() => open(item)}
          >
            {QUEUE_TEXT.open}
          </Button>
        </Group>
      ),
    },
  ];

  const list = useListController({
    columns,
    rowKey: (item) => item._id,
    filters: FILTERS,
    sort: { apiSorts: [] },
    query: (state) => queuePage(queueRequest(state)),
  });
  const ages = (list.query.data as QueueRows | undefined)?.ages ?? DEFAULT_AGES;
  const rows = list.rows ?? [];
  const selected = rows.find((item) => item._id === selectedId);

  const focusRow = (itemId: string) => {
    setSelectedId(itemId);
    tableRef.current?.querySelector<HTMLElement>(`[data-queue-open="${itemId}"]`)?.focus();
  };

  const doClaimNext = () => {
    if (!claims || busy) return;
    claimNext.mutate(list.state.filters.kind || undefined, {
      onSuccess: (answer) => {
        // The claimed item opens at once: claiming is taking it on.
        if (answer.result) {
          notify.success(answer.message);
          open(answer.result);
        } else notify.success(QUEUE_TEXT.nothingToClaim);
      },
    });
  };

  // A claimed item is focused once the refreshed page shows it.
  const shown = rows.some((item) => item._id === selectedId);
  useEffect(() => {
    if (!shown || !selectedId) return;
    const button = tableRef.current?.querySelector<HTMLElement>(`[data-queue-open="${selectedId}"]`);
    if (button && document.activeElement !== button && !tableRef.current?.contains(document.activeElement))
      button.focus();
  }, [shown, selectedId]);

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!isShortcut(event)) return;
    const index = rows.findIndex((item) => item._id === selectedId);
    const target = event.target as HTMLElement;
    const onControl = target.closest('button, a') !== null;
    switch (event.key) {
      case 'n':
        event.preventDefault();
        doClaimNext();
        break;
      case 'j':
      case 'k': {
        if (!rows.length) return;
        event.preventDefault();
        const next =
          index < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, index + (event.key === 'j' ? 1 : -1)));
        focusRow(rows[next]!._id);
        break;
      }
      case 'o':
        if (selected) {
          event.preventDefault();
          open(selected);
        }
        break;
      case 'Enter':
        // On a button or link, Enter is that control's.
        if (selected && !onControl) {
          event.preventDefault();
          open(selected);
        }
        break;
      case 'c':
        if (selected && claimable(selected) && !busy) {
          event.preventDefault();
          doClaim(selected);
        }
        break;
      case 'r':
        if (selected && releasable(selected) && !busy) {
          event.preventDefault();
          doRelease(selected);
        }
        break;
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const filter = (name: Filter, value: string) => list.setFilter(name, value || null);

  return (
    <PageCard
      title={QUEUE_TEXT.title}
      actions={
        claims ? (
          <Button
            leftSection={<IconPlayerTrackNext size={16} aria-hidden />}
            onClick={doClaimNext}
            loading={claimNext.isPending}
            aria-keyshortcuts="n"
          >
            {QUEUE_TEXT.claimNext}
          </Button>
        ) : null
      }
    >
      <Text size="sm" c="dimmed" mb="sm" id="queue-shortcuts">
        <strong>{QUEUE_TEXT.shortcutsTitle}:</strong>{' '}
        {cases ? QUEUE_TEXT.casesShortcuts : QUEUE_TEXT.shortcuts}
      </Text>
      <div ref={tableRef}>
        <ListView
          list={list}
          label={QUEUE_TEXT.title}
          rowName={itemName}
          emptyText={QUEUE_TEXT.empty}
          loadingLabel={QUEUE_TEXT.loading}
          paged
        >
          <NativeSelect
            label={QUEUE_TEXT.kind}
            value={list.state.filters.kind ?? ''}
            onChange={(event) => filter('kind', event.currentTarget.value)}
            data={[
              { value: '', label: QUEUE_TEXT.everyKind },
              ...REVIEW_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
            ]}
            w={160}
          />
          <NativeSelect
            label={QUEUE_TEXT.state}
            value={list.state.filters.state ?? ''}
            onChange={(event) => filter('state', event.currentTarget.value)}
            data={[
              { value: '', label: QUEUE_TEXT.toDo },
              ...REVIEW_STATES.map((state) => ({ value: state, label: REVIEW_STATE_LABELS[state] })),
            ]}
            w={160}
          />
          <NativeSelect
            label={QUEUE_TEXT.assignee}
            value={list.state.filters.assignee ?? ''}
            onChange={(event) => filter('assignee', event.currentTarget.value)}
            data={[
              { value: '', label: QUEUE_TEXT.anyone },
              { value: 'me', label: QUEUE_TEXT.me },
              { value: 'none', label: QUEUE_TEXT.nobody },
            ]}
            w={160}
          />
        </ListView>
      </div>
    </PageCard>
  );
}

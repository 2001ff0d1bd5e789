import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { askToConfirm } from '@/components/confirm';
import { ListView } from '@/components/list-kit/list-view';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { useLocalListParams } from '@/lib/dialog-list';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { sessionsResource, useEndOtherSessions, useEndSession, type AdminSession } from './sessions-api';
import { SESSIONS_TEXT } from './strings';

function EndButton({ session }: { session: AdminSession }) {
  const end = useEndSession();
  if (session.current) return <Badge variant="light">{SESSIONS_TEXT.current}</Badge>;
  const ask = () =>
    askToConfirm({
      title: SESSIONS_TEXT.endQuestion,
      message: SESSIONS_TEXT.endMessage(session.browser, session.address),
      confirmLabel: SESSIONS_TEXT.end,
      cancelLabel: SESSIONS_TEXT.cancel,
      danger: true,
      onConfirm: () => end.mutate(session._id, { onSuccess: () => notify.success(SESSIONS_TEXT.ended) }),
    });
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={end.isPending}
      onClick={ask}
      aria-label={`${SESSIONS_TEXT.end} ${session.browser}, ${session.address}`}
    >
      {SESSIONS_TEXT.end}
    </Button>
  );
}

const COLUMNS: ListColumn<AdminSession>[] = [
  { id: 'browser', header: SESSIONS_TEXT.browser, cell: (session) => session.browser },
  { id: 'address', header: SESSIONS_TEXT.address, cell: (session) => session.address },
  { id: 'started', header: SESSIONS_TEXT.started, cell: (session) => formatDateTime(session.createdAt) },
  { id: 'lastSeen', header: SESSIONS_TEXT.lastSeen, cell: (session) => formatDateTime(session.lastSeenAt) },
  { id: 'action', header: SESSIONS_TEXT.action, cell: (session) => <EndButton session={session} /> },
];

/**
 * The own profile's "Your sessions" ('sessions'): where the admin is signed in (browser, address, started, last
 * seen), newest first, ten a page; End signs one of them out, "End all other sessions" every one but this.
 */
export function OwnSessions() {
  const list = useListController({
    columns: COLUMNS,
    rowKey: (session) => session._id,
    sort: { apiSorts: [] },
    params: useLocalListParams,
    query: ({ page, size }) => sessionsResource.queries.page({ page, size }),
  });
  const endOthers = useEndOtherSessions();
  const others = (list.query.data?.total ?? 0) > 1;
  const askEndOthers = () =>
    askToConfirm({
      title: SESSIONS_TEXT.endOthersQuestion,
      message: SESSIONS_TEXT.endOthersMessage,
      confirmLabel: SESSIONS_TEXT.endOthers,
      cancelLabel: SESSIONS_TEXT.cancel,
      danger: true,
      onConfirm: () =>
        endOthers.mutate(undefined, { onSuccess: () => notify.success(SESSIONS_TEXT.othersEnded) }),
    });
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="own-sessions-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="own-sessions-title">
          {SESSIONS_TEXT.title}
        </Title>
        <Button
          variant="light"
          color="red"
          disabled={!others}
          loading={endOthers.isPending}
          onClick={askEndOthers}
        >
          {SESSIONS_TEXT.endOthers}
        </Button>
      </Group>
      <ListView
        list={list}
        label={SESSIONS_TEXT.title}
        rowName={(session) => `${session.browser} ${session.address}`}
        emptyText={SESSIONS_TEXT.empty}
        loadingLabel={SESSIONS_TEXT.loading}
        paged
      />
    </Stack>
  );
}

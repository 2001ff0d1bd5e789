import '@mantine/spotlight/styles.layer.css';
import { Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorState } from '@/components/page-kit/error-state';
import { useModalDialog } from '@/components/modal-dialog';
import { userQueries } from '@/features/users/api';
import { userName } from '@/lib/declared-columns';
import { applicableSearch } from '@/components/list-kit/search-box';
import type { MenuItem } from '../layout/menu';
import { usePermission } from '@/lib/core/session';

const [store, spotlight] = createSpotlight();

/**
 * Spotlight selects the first result when the query changes; users found later, after no screen matched, would
 * leave nothing for Enter to open, so the first of them is selected then.
 */
function selectFirstIfNone() {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list || list.querySelector('[data-selected]')) return;
  list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: 0 }));
}

/** How many users a search lists: enough to pick from, few enough to read. */
const USER_RESULTS = 6;

/**
 * Jump to anything: every screen of the menu, filtered as the admin types, and the users the users list's own search
 * call finds by name, e-mail or phone (from 3 characters, once typing pauses). Arrows move, Enter opens, Escape
 * closes and gives focus back to what opened it.
 */
export default function JumpToDialog({
  opened,
  onClose,
  screens: menu,
  takeTypedEarly,
}: {
  opened: boolean;
  onClose: () => void;
  /** The menu, from the shell, which already has it: imported here, the bundler would split it out of the entry. */
  screens: readonly MenuItem[];
  /** Keys typed before the search box had focus, to put in it. */
  takeTypedEarly: () => string;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  // A role that may not read members ('roles') searches screens alone.
  const findsUsers = usePermission('members.read');
  const search = findsUsers ? applicableSearch(debounced) : undefined;
  useModalDialog(opened);

  useEffect(() => {
    if (opened) spotlight.open();
    else spotlight.close();
  }, [opened]);

  const users = useQuery({
    ...userQueries.page({ page: 1, size: USER_RESULTS, search: search ?? '', status: '', plan: '' }),
    enabled: opened && Boolean(search),
  });
  const foundUsers = search && users.data ? users.data.rows : [];
  // A failed search says so, with a retry: 'Nothing found' would tell the admin there is no such user.
  const searchFailed = Boolean(search) && users.isError;

  useEffect(selectFirstIfNone, [users.data, query]);

  const wanted = query.trim().toLowerCase();
  const screens = menu.filter((item) => item.label.toLowerCase().includes(wanted));
  const userSearchPending =
    findsUsers && Boolean(applicableSearch(query)) && (query !== debounced || users.isFetching);

  return (
    <Spotlight.Root
      store={store}
      shortcut={null}
      query={query}
      onQueryChange={setQuery}
      onSpotlightClose={() => {
        setQuery('');
        onClose();
      }}
      scrollable
      maxHeight={420}
      // Spotlight shows no title; this one names the dialog for assistive technology only.
      title="Jump to a screen or user"
      classNames={{ header: 'visually-hidden' }}
    >
      <Spotlight.Search
        aria-label={findsUsers ? 'Search screens and users' : 'Search screens'}
        onFocus={() => {
          const typed = takeTypedEarly();
          if (typed) setQuery((current) => current + typed);
        }}
        placeholder={findsUsers ? 'Search screens and users…' : 'Search screens…'}
        rightSection={userSearchPending ? <Loader size="xs" aria-label="Searching users" /> : null}
      />
      <Spotlight.ActionsList aria-label="Results">
        {screens.length > 0 ? (
          <Spotlight.ActionsGroup label="Screens">
            {screens.map((item) => (
              <Spotlight.Action
                key={item.to}
                label={item.label}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                onClick={() => navigate(item.to)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {foundUsers.length > 0 ? (
          <Spotlight.ActionsGroup label="Users">
            {foundUsers.map((user) => (
              <Spotlight.Action
                key={user._id}
                label={userName(user, user.email)}
                description={user.email}
                leftSection={<IconUser size={20} stroke={1.6} aria-hidden />}
                onClick={() => navigate(`/users/${user._id}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {searchFailed ? <ErrorState error={users.error} onRetry={() => void users.refetch()} /> : null}
        {screens.length === 0 && foundUsers.length === 0 && !userSearchPending && !searchFailed ? (
          <Spotlight.Empty>
            <Text size="sm" c="dimmed">
              Nothing found
            </Text>
          </Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

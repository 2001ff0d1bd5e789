import { NativeSelect, TextInput, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListView } from '@/components/list-kit/list-view';
import { userName, userNameAndEmail } from '@/lib/declared-columns';
import { PageCard } from '@/components/page-kit/page-card';
import { StatusBadge } from '@/components/list-kit/status-badge';
import {
  countOf,
  useListController,
  type BulkAction,
  type ListColumn,
} from '@/components/list-kit/list-controller';
import { mediaUrl } from '@/lib/media';
import { useSearchBox } from '@/components/list-kit/search-box';
import { patchUserStatus } from '@/lib/data/user-status';
import { useFeature, usePermission } from '@/lib/core/session';
import './users-list.css';
import {
  STATUS_CHANGES,
  USER_FILTERS,
  USER_SORTS,
  usersListQuery,
  usersPageParams,
  usersListParams,
  type User,
} from './api';
import { PLAN_OPTIONS, USERS_TEXT } from './strings';
import { Strikes, strikesText } from './strikes';
import { UserAvatar } from './user-avatar';
import { askReason, askRestriction, UserStatusButton } from './user-status-button';
import type { RestrictionInput } from '@contract/restrictions';

const PhotoDialog = lazy(() => import('./photo-dialog').then((module) => ({ default: module.PhotoDialog })));

/**
 * The status change on each selected user it changes (SPEC 7.2's single call), for Activate and Deactivate. Where
 * the API takes a reason ('status-reason'), Deactivate asks for one reason for them all instead of the plain
 * confirmation.
 */
const statusAction = (
  enabled: boolean,
  asks: 'reason' | 'restriction' | false = false,
): BulkAction<User> => ({
  label: enabled ? USERS_TEXT.activate : USERS_TEXT.deactivate,
  question: (count) => `${enabled ? USERS_TEXT.activate : USERS_TEXT.deactivate} ${countOf(count, 'user')}?`,
  done: (count) => `${countOf(count, 'user')} ${enabled ? 'activated' : 'deactivated'}`,
  run: (user, answer) =>
    asks === 'restriction'
      ? patchUserStatus({ userId: user._id, enabled, restriction: answer as RestrictionInput })
      : patchUserStatus({ userId: user._id, enabled, reason: answer as string | null }),
  permission: 'members.status',
  ask:
    asks === 'restriction'
      ? (count, about) => askRestriction({ count, about })
      : asks === 'reason'
        ? (count, about) => askReason({ count, about })
        : undefined,
  about: whoAreThey,
  danger: !enabled,
  appliesTo: (user) => user.enabled !== enabled,
});
const BULK = [statusAction(true), statusAction(false)];
const BULK_WITH_REASON = [statusAction(true), statusAction(false, 'reason')];
const BULK_WITH_RESTRICTION = [statusAction(true), statusAction(false, 'restriction')];

/** Who a bulk status change is about: the first three selected users by name and e-mail, and how many more. */
function whoAreThey(users: User[]) {
  const named = users
    .slice(0, 3)
    .map((user) => userNameAndEmail(user, user._id))
    .join(', ');
  return users.length > 3 ? `${named} and ${(users.length - 3).toLocaleString('en-US')} more` : named;
}

const fullName = (user: User) => userName(user, '');
const phoneOf = (user: User) => [user.countryCode, user.phoneNumber].filter(Boolean).join(' ') || '-';
const statusText = (user: User) => (user.enabled ? 'Active' : 'Inactive');

/** /users (SPEC 2.6). */
export function UsersListPage() {
  const [photo, setPhoto] = useState<{ src: string; name: string } | null>(null);
  const sorting = useFeature('list-sort');
  const streams = useFeature('users-export');
  const withReason = useFeature('status-reason');
  const restricts = useFeature('restrictions');
  const changesStatus = usePermission('members.status');
  const columns: ListColumn<User>[] = [
    {
      id: 'name',
      header: USERS_TEXT.name,
      text: fullName,
      // The e-mail line under the name is a column of its own in the CSV, as in the server's export.
      alsoExported: [{ header: USERS_TEXT.email, text: (user) => user.email }],
      sortField: 'name',
      cell: (user) => {
        const photoUrl = mediaUrl(user.image1);
        // Plain elements and classes (users-list.css) rather than Group/Stack/Text/Anchor: a page of rows is the
        // list's heaviest render, and each Mantine component in a cell counts ten or a hundred times over.
        return (
          <div className="user-cell">
            {/* Without a photo there is nothing to open: the initial is shown, not a button named otherwise. */}
            {photoUrl ? (
              <UnstyledButton
                aria-label={`View photo of ${user.name}`}
                onClick={() => setPhoto({ src: photoUrl, name: user.name })}
              >
                <UserAvatar name={user.name} image={user.image1} />
              </UnstyledButton>
            ) : (
              <UserAvatar name={user.name} image={user.image1} />
            )}
            <div className="user-cell-text">
              <span className="user-cell-name">
                <Link to={`/users/${user._id}`} className="user-link mantine-focus-auto">
                  {fullName(user)}
                </Link>
                {user.isVerified ? (
                  <IconCircleCheckFilled
                    size={16}
                    color="var(--mantine-color-blue-6)"
                    aria-label={USERS_TEXT.verified}
                    role="img"
                  />
                ) : null}
              </span>
              <span className="user-cell-email">{user.email}</span>
            </div>
          </div>
        );
      },
    },
    { id: 'phone', header: USERS_TEXT.phone, text: phoneOf, cell: phoneOf },
    {
      id: 'gender',
      header: USERS_TEXT.gender,
      text: (user) => user.gender || '-',
      cell: (user) => user.gender || '-',
    },
    {
      id: 'status',
      header: USERS_TEXT.status,
      text: statusText,
      sortField: 'status',
      cell: (user) => <StatusBadge enabled={user.enabled} />,
    },
    // A member's active strikes ('restrictions').
    ...(restricts
      ? [
          {
            id: 'strikes',
            header: USERS_TEXT.strikes,
            text: strikesText,
            cell: (user: User) => <Strikes user={user} />,
          },
        ]
      : []),
    // A role that may not change a member's status ('roles') has no action on a row.
    ...(changesStatus
      ? [
          {
            id: 'actions',
            header: USERS_TEXT.actions,
            cell: (user: User) => <UserStatusButton user={user} />,
          },
        ]
      : []),
  ];
  const list = useListController({
    columns,
    rowKey: (user) => user._id,
    filters: USER_FILTERS,
    sort: { apiSorts: sorting ? USER_SORTS : [] },
    query: usersListQuery,
    bulk: restricts ? BULK_WITH_RESTRICTION : withReason ? BULK_WITH_REASON : BULK,
    invalidates: STATUS_CHANGES,
    exportAs: {
      fileName: 'users',
      // Every member at once: the roles that may not take the server's export make no file of the list either.
      permission: 'members.export',
      stream: streams
        ? (state) => {
            const { page: _page, items: _items, ...searchParams } = usersPageParams(usersListParams(state));
            return { path: 'admin/list/export', searchParams };
          }
        : undefined,
    },
  });
  const { state, setSearch, setFilter } = list;
  const [searchText, setSearchText] = useSearchBox(state.search, setSearch);

  return (
    <PageCard title={USERS_TEXT.listTitle}>
      <ListView
        list={list}
        label={USERS_TEXT.listTitle}
        rowName={(user) => fullName(user) || user.email}
        emptyText={USERS_TEXT.empty}
        loadingLabel={USERS_TEXT.loading}
        paged
      >
        <TextInput
          label={USERS_TEXT.searchHint}
          placeholder={USERS_TEXT.searchHint}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          type="search"
        />
        <NativeSelect
          label={USERS_TEXT.plan}
          value={state.filters.plan}
          onChange={(event) => setFilter('plan', event.currentTarget.value || null)}
          data={[{ value: '', label: 'All plans' }, ...PLAN_OPTIONS]}
          w={160}
        />
        <NativeSelect
          label={USERS_TEXT.status}
          value={state.filters.status}
          onChange={(event) => setFilter('status', event.currentTarget.value || null)}
          data={[
            { value: '', label: 'All' },
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]}
          w={160}
        />
      </ListView>
      {photo ? (
        <Suspense fallback={null}>
          <PhotoDialog src={photo.src} name={photo.name} onClose={() => setPhoto(null)} />
        </Suspense>
      ) : null}
    </PageCard>
  );
}

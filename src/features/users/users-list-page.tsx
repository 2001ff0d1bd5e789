import { Group, NativeSelect, TextInput, UnstyledButton } from '@mantine/core';
import { IconRosetteDiscountCheckFilled, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Column } from '@/components/data-table';
import { PageCard } from '@/components/page-card';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { useListParams } from '@/lib/list-params';
import { mediaUrl } from '@/lib/media';
import { useSearchBox } from '@/lib/search-box';
import './users-list.css';
import { USER_FILTERS, usersListQuery, type User } from './api';
import { PLAN_OPTIONS, USERS_TEXT } from './strings';
import { UserAvatar } from './user-avatar';
import { UserStatusButton } from './user-status-button';

const PhotoModal = lazy(() => import('./photo-modal').then((module) => ({ default: module.PhotoModal })));

/** /users (SPEC 2.6). */
export function UsersListPage() {
  const paging = useListParams(USER_FILTERS);
  const { search, filters, setSearch, setFilter } = paging;
  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const list = useQuery(usersListQuery(paging));
  const [photo, setPhoto] = useState<{ src: string; name: string } | null>(null);
  const columns: Column<User>[] = [
    {
      header: USERS_TEXT.name,
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
                  {user.name} {user.surname}
                </Link>
                {user.isVerified ? (
                  <IconRosetteDiscountCheckFilled
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
    {
      header: USERS_TEXT.phone,
      cell: (user) => [user.countryCode, user.phoneNumber].filter(Boolean).join(' ') || '-',
    },
    { header: USERS_TEXT.gender, cell: (user) => user.gender || '-' },
    { header: USERS_TEXT.status, cell: (user) => <StatusBadge enabled={user.enabled} /> },
    { header: USERS_TEXT.actions, cell: (user) => <UserStatusButton user={user} /> },
  ];

  return (
    <PageCard title={USERS_TEXT.listTitle}>
      <Group mb="md" align="flex-end" wrap="wrap">
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
          value={filters.plan}
          onChange={(event) => setFilter('plan', event.currentTarget.value || null)}
          data={[{ value: '', label: 'All plans' }, ...PLAN_OPTIONS]}
          w={160}
        />
        <NativeSelect
          label={USERS_TEXT.status}
          value={filters.status}
          onChange={(event) => setFilter('status', event.currentTarget.value || null)}
          data={[
            { value: '', label: 'All' },
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]}
          w={160}
        />
      </Group>
      <PagedTable
        label={USERS_TEXT.listTitle}
        query={list}
        paging={paging}
        columns={columns}
        rowKey={(user) => user._id}
        emptyText={USERS_TEXT.empty}
        loadingLabel={USERS_TEXT.loading}
      />
      {photo ? (
        <Suspense fallback={null}>
          <PhotoModal src={photo.src} name={photo.name} onClose={() => setPhoto(null)} />
        </Suspense>
      ) : null}
    </PageCard>
  );
}

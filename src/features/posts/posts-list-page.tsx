import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { IconPhoto, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Column } from '@/components/data-table';
import { PageCard } from '@/components/page-card';
import { PagedTable } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { formatDateTime } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { notify } from '@/lib/notify';
import { useSearchBox } from '@/lib/search-box';
import { postMedia, postResource, postsListQuery, type Post } from './api';
import { POSTS_TEXT } from './strings';

// The carousel (and Embla) load with the dialog, the first time one opens.
const PostMediaDialog = lazy(() =>
  import('./post-media-dialog').then((module) => ({ default: module.PostMediaDialog })),
);

/** /post (SPEC 2.17): server-paginated, searchable by title, with a media viewer and delete. */
export function PostsListPage() {
  const paging = useListParams();
  const [searchText, setSearchText] = useSearchBox(paging.search, paging.setSearch);
  const list = useQuery(postsListQuery(paging));
  const remove = postResource.useRemove();
  const [viewing, setViewing] = useState<Post | null>(null);

  const columns: Column<Post>[] = [
    { header: POSTS_TEXT.title, cell: (post) => post.name || '-' },
    {
      header: POSTS_TEXT.media,
      cell: (post) => {
        const { images, video } = postMedia(post);
        const count = images.length + (video ? 1 : 0);
        const shown = count === 0 ? POSTS_TEXT.noMedia : `${POSTS_TEXT.viewMedia} (${count})`;
        return (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPhoto size={16} aria-hidden />}
            disabled={count === 0}
            // What the button shows, then whose media (WCAG 2.5.3: the visible label starts the name).
            aria-label={post.name ? `${shown}: ${post.name}` : shown}
            onClick={() => setViewing(post)}
          >
            {shown}
          </Button>
        );
      },
    },
    {
      header: POSTS_TEXT.userName,
      cell: (post) =>
        post.user ? (
          <Anchor component={Link} to={`/users/${post.user._id}`} size="sm">
            {post.user.name || post.user._id}
          </Anchor>
        ) : (
          '-'
        ),
    },
    { header: POSTS_TEXT.addedAt, cell: (post) => formatDateTime(post.addedAt) },
    {
      header: POSTS_TEXT.action,
      cell: (post) => (
        <RowActions
          editTo={`/post/update/${post._id}`}
          deleting={remove.isPending && remove.variables === post._id}
          onDelete={() => remove.mutate(post._id, { onSuccess: () => notify.success(POSTS_TEXT.deleted) })}
        />
      ),
    },
  ];

  return (
    <PageCard
      title={POSTS_TEXT.listTitle}
      actions={
        <Button component={Link} to="/post/add" leftSection={<IconPlus size={16} />}>
          {POSTS_TEXT.add}
        </Button>
      }
    >
      <Group mb="md">
        <TextInput
          label={POSTS_TEXT.searchHint}
          placeholder={POSTS_TEXT.searchHint}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          type="search"
        />
      </Group>
      <PagedTable
        label={POSTS_TEXT.listTitle}
        query={list}
        paging={paging}
        columns={columns}
        rowKey={(post) => post._id}
        emptyText={POSTS_TEXT.empty}
        loadingLabel={POSTS_TEXT.loading}
      />
      {viewing ? (
        <Suspense fallback={null}>
          <PostMediaDialog post={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
    </PageCard>
  );
}

import { Button, TextInput } from '@mantine/core';
import { IconPhoto, IconPlus, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { RowActions } from '@/components/row-actions';
import { UserLink } from '@/components/user-link';
import { userName } from '@/lib/declared-columns';
import { formatDateTime } from '@/lib/format';
import { deleteAction, useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { notify } from '@/lib/notify';
import { useSearchBox } from '@/components/list-kit/search-box';
import { useFeature } from '@/lib/core/session';
import { POST_SORTS, postMedia, postResource, postsListQuery, type Post } from './api';
import { POSTS_TEXT } from './strings';

// The carousel (and Embla) load with the dialog, the first time one opens.
const PostMediaDialog = lazy(() =>
  import('./post-media-dialog').then((module) => ({ default: module.PostMediaDialog })),
);

/** /post (SPEC 2.17): server-paginated, searchable by title, with a media viewer and delete. */
export function PostsListPage() {
  const sorting = useFeature('list-sort');
  const remove = postResource.useRemove();
  const [viewing, setViewing] = useState<Post | null>(null);

  const columns: ListColumn<Post>[] = [
    {
      id: 'title',
      header: POSTS_TEXT.title,
      text: (post) => post.name || '-',
      sortField: 'name',
      cell: (post) => post.name || '-',
    },
    {
      id: 'media',
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
      id: 'user',
      header: POSTS_TEXT.userName,
      text: (post) => userName(post.user),
      sortField: 'user',
      cell: (post) => <UserLink user={post.user} />,
    },
    {
      id: 'addedAt',
      header: POSTS_TEXT.addedAt,
      text: (post) => formatDateTime(post.addedAt),
      sortField: 'created',
      cell: (post) => formatDateTime(post.addedAt),
    },
    {
      id: 'action',
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
  const list = useListController({
    columns,
    rowKey: (post) => post._id,
    sort: { apiSorts: sorting ? POST_SORTS : [] },
    query: postsListQuery,
    bulk: [deleteAction((post: Post) => postResource.removeRecord(post._id))],
    invalidates: postResource.invalidates,
    exportAs: { fileName: 'posts' },
  });
  const [searchText, setSearchText] = useSearchBox(list.state.search, list.setSearch);

  return (
    <PageCard
      title={POSTS_TEXT.listTitle}
      actions={
        <Button component={Link} to="/post/add" leftSection={<IconPlus size={16} />}>
          {POSTS_TEXT.add}
        </Button>
      }
    >
      <ListView
        list={list}
        label={POSTS_TEXT.listTitle}
        rowName={(post) => post.name || post._id}
        emptyText={POSTS_TEXT.empty}
        loadingLabel={POSTS_TEXT.loading}
        paged
      >
        <TextInput
          label={POSTS_TEXT.searchHint}
          placeholder={POSTS_TEXT.searchHint}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          type="search"
        />
      </ListView>
      {viewing ? (
        <Suspense fallback={null}>
          <PostMediaDialog post={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
    </PageCard>
  );
}

import { declaredColumns } from '@/components/declared-cells';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { sortFieldsOf } from '@/lib/declared-columns';
import { useListController } from '@/components/list-kit/list-controller';
import { pageRequest } from '@/lib/list-state';
import { useFeature } from '@/lib/core/session';
import type { PagedList } from './define-paged-list';
import { pagedListResource } from './resource';

/** Any read-only list: one page at a time, the page, its size and its sort in the URL. */
export function PagedListPage({ list }: { list: PagedList }) {
  const sorting = useFeature('list-sort');
  const controller = useListController({
    columns: declaredColumns(list.columns),
    rowKey: (row) => row._id,
    sort: { apiSorts: sorting ? sortFieldsOf(list.columns) : [] },
    query: (state) => pagedListResource(list).queries.page(pageRequest(state)),
    exportAs: { fileName: list.key },
  });
  return (
    <PageCard title={list.title}>
      <ListView
        list={controller}
        label={list.title}
        rowName={(row) => row._id}
        emptyText={list.emptyText}
        paged
      />
    </PageCard>
  );
}

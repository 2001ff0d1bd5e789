import { defineResource } from '@/lib/resource';
import type { PagedList, PagedListRecord } from './define-paged-list';

function build(list: PagedList) {
  return defineResource<PagedListRecord>({ key: list.key, item: list.item, endpoints: { page: list.api } });
}

const resources = new Map<string, ReturnType<typeof build>>();

/** The list's queries (one per declaration, built on first use). */
export function pagedListResource(list: PagedList) {
  let resource = resources.get(list.key);
  if (!resource) {
    resource = build(list);
    resources.set(list.key, resource);
  }
  return resource;
}

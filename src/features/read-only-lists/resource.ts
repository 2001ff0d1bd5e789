import { z } from 'zod/mini';
import { defineResource } from '@/lib/resource';
import { id, optionalDate, text } from '@/lib/schemas';
import type { PagedList, PagedListRecord } from './define-paged-list';

function build(list: PagedList) {
  const shape = Object.fromEntries(
    Object.entries(list.record).map(([name, kind]) => [name, kind === 'date' ? optionalDate : text]),
  );
  const item = z.object({ _id: id, ...shape }) as unknown as z.ZodMiniType<PagedListRecord>;
  return defineResource<PagedListRecord>({ key: list.key, item, endpoints: { page: list.api } });
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

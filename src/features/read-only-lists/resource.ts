import { z } from 'zod/mini';
import { defineResource } from '@/lib/data/resource';
import { id, optionalDate, optionalNumber, text } from '@/lib/data/schemas';
import { userName, type DeclaredRow } from '@/lib/declared-columns';
import type { PagedList, Person } from './define-paged-list';

/**
 * A user reference as answers give it: populated ({ _id, name, … }, the surname where the API gives it), a bare id,
 * or nothing (a deleted user).
 */
const person = z.pipe(
  z.nullish(z.union([z.object({ _id: id, name: text, surname: text, email: text }), id])),
  z.transform((value): Person | null => {
    if (!value) return null;
    const { _id, name, surname, email } =
      typeof value === 'string' ? { _id: value, name: '', surname: '', email: '' } : value;
    return { _id, name, surname, email, fullName: userName({ name, surname }, '') };
  }),
);

const FIELD = {
  text,
  date: optionalDate,
  number: optionalNumber,
  person,
  /** A chat thread: its participants (the reported party of a chat report is the other one). */
  thread: z.pipe(
    z.nullish(z.object({ user_id: z.nullish(z.array(person)) })),
    z.transform((thread) => ({ user_id: (thread?.user_id ?? []).filter((user) => user !== null) })),
  ),
};

function build(list: PagedList) {
  const shape = Object.fromEntries(Object.entries(list.record).map(([name, kind]) => [name, FIELD[kind]]));
  const item = z.object({ _id: id, ...shape }) as unknown as z.ZodMiniType<DeclaredRow>;
  return defineResource<DeclaredRow>({ key: list.key, item, endpoints: { page: list.api } });
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

import { z } from 'zod';
import { searchedFields, searchWords } from '../../contract/search-words';
import { SORT_FIELDS } from '../../contract/sort-fields';
import type { UserSelection } from '../db/user-list';
import { HttpError } from './errors';
import { parseSort } from './sort';
import { containsPattern } from './search';
import { searchText } from './validate';

/**
 * The users list's query (GET /api/admin/list, and its export GET /api/admin/list/export), read into the users it
 * asks for (db/user-list.ts reads them): `q` over `fields`, `filter=user.enabled&equal`, `planFilter`, and `sort` /
 * `order` (announced as 'list-sort').
 */

const SEARCHABLE = { name: 'name', surname: 'surname', email: 'email', phoneNumber: 'phone_number' } as const;

const listQuery = z.object({
  q: searchText,
  fields: z.string().max(200, 'Fields must be at most 200 characters').optional(),
  filter: z.literal('user.enabled', { error: "filter must be 'user.enabled'" }).optional(),
  equal: z.enum(['true', 'false'], { error: "equal must be 'true' or 'false'" }).optional(),
  planFilter: z
    .enum(['silver', 'gold', 'platinum'], { error: 'planFilter must be silver, gold or platinum' })
    .optional(),
});

export function selectUsers(query: Record<string, string | undefined>): UserSelection {
  const { q, fields, filter, equal, planFilter } = listQuery.parse(query);
  let search: UserSelection['search'];
  if (q) {
    const requested = (fields ?? 'name,email,phoneNumber').split(',').map((field) => field.trim());
    // Own properties only: "constructor" or "__proto__" name no column.
    const columns = searchedFields(requested.filter((field) => Object.hasOwn(SEARCHABLE, field))).map(
      (field) => SEARCHABLE[field as keyof typeof SEARCHABLE],
    );
    if (columns.length === 0)
      throw new HttpError(400, `Fields must name some of: ${Object.keys(SEARCHABLE).join(', ')}`);
    const patterns = searchWords(q).map(containsPattern);
    if (patterns.length) search = { patterns, columns };
  }
  const filters: UserSelection['filters'] = {
    enabled: filter && equal ? equal === 'true' : undefined,
    plan: planFilter,
  };
  return { filters, search, sort: parseSort(query, SORT_FIELDS.users) };
}

import { CATALOGUE_API } from '@contract/catalogues';
import type { CatalogueApi } from '@contract/catalogues/catalogue-api';
import { withId, type Catalogue } from '@/features/catalogues/define-catalogue';
import { api } from '../support/api-server';

/**
 * The update forms' records in the reference server, for the form tests: the record a form edits (the first its list
 * answers), the record as the server reads it now, and another admin's save of it through the API.
 */
export type StoredRecord = { _id: string; updatedAt?: unknown } & Record<string, unknown>;

/** An update form's record: which one it edits, how the server reads it, and another admin's save of it. */
export type UpdatedRecord = {
  first: () => Promise<StoredRecord>;
  read: (id: string) => Promise<StoredRecord>;
  /** Another admin's save of `record` with `changes` (a field by its name), as a client of the API sends it. */
  saveAsAnother: (record: StoredRecord, changes?: Record<string, string>) => Promise<unknown>;
};

/** The records a list call answers (every record, or its first page). */
const listed = (path: string) => api.get<StoredRecord[]>(`/api/${path}`);

/** A catalogue's contract: the one whose update call the declaration makes. */
const contractOf = (catalogue: Catalogue): CatalogueApi =>
  Object.values(CATALOGUE_API).find((contract) => contract.paths.update === catalogue.api.update)!;

/**
 * An update of `record` as a client sends it: every field the contract takes, from the record as read (a reference
 * by its id) with `changes`, as JSON, or as multipart where the call takes files.
 */
function updateOf(contract: CatalogueApi, record: StoredRecord, changes: Record<string, string>) {
  const values = Object.keys(contract.fields).flatMap((name): [string, unknown][] => {
    const value = name in changes ? changes[name] : record[name];
    if (value === undefined || value === null) return [];
    return [[name, typeof value === 'object' && '_id' in value ? value._id : value]];
  });
  const path = `/api/${withId(contract.paths.update, record._id)}`;
  if (!contract.files) return api.patch(path, Object.fromEntries(values));
  const form = new FormData();
  for (const [name, value] of values) form.set(name, String(value));
  return api.form('PATCH', path, form);
}

/** A catalogue's update form's record. */
export function catalogueRecord(catalogue: Catalogue): UpdatedRecord {
  const contract = contractOf(catalogue);
  return {
    first: async () => (await listed(catalogue.api.list))[0]!,
    read: (id) => api.get<StoredRecord>(`/api/${withId(catalogue.api.read, id)}`),
    saveAsAnother: (record, changes = {}) => updateOf(contract, record, changes),
  };
}

/** The FAQ form's record. */
export const faqRecord: UpdatedRecord = {
  first: async () => (await listed('faq/listAll'))[0]!,
  read: (id) => api.get<StoredRecord>(`/api/faq/read/${id}`),
  saveAsAnother: (record, changes = {}) =>
    api.patch(`/api/faq/update/${record._id}`, {
      question: record.question,
      answer: record.answer,
      enabled: record.enabled,
      ...changes,
    }),
};

/** The post form's record. */
export const postRecord: UpdatedRecord = {
  first: async () => (await listed('post/list'))[0]!,
  read: (id) => api.get<StoredRecord>(`/api/post/read/${id}`),
  saveAsAnother: (record, changes = {}) => {
    const form = new FormData();
    form.set('name', changes.name ?? String(record.name));
    return api.form('PATCH', `/api/post/update/${record._id}`, form);
  },
};

import { z } from 'zod/mini';
import { defineResource, toFormData } from '@/lib/resource';
import { flag, id, optionalPath, text } from '@/lib/schemas';
import { withId, type Catalogue, type CatalogueRecord } from './define-catalogue';
import { CATALOGUES } from './registry';

/** What a catalogue form sends: its fields' values, `enabled` as a boolean, files when chosen. */
export type CatalogueInput = Record<string, string | boolean | File | null>;

/** The record's schema, from the declaration's `record`: text fields ('' when missing), file paths (null when missing). */
export function catalogueItem(catalogue: Catalogue) {
  const shape = Object.fromEntries(
    Object.entries(catalogue.record).map(([name, kind]) => [name, kind === 'path' ? optionalPath : text]),
  );
  return z.object({ _id: id, enabled: flag, ...shape }) as unknown as z.ZodMiniType<CatalogueRecord>;
}

function build(catalogue: Catalogue) {
  const { api, failures } = catalogue;
  return defineResource<CatalogueRecord, CatalogueInput>({
    key: catalogue.key,
    item: catalogueItem(catalogue),
    endpoints: {
      list: api.list,
      detail: (id) => withId(api.read, id),
      create: api.create,
      update: (id) => withId(api.update, id),
      remove: api.remove ? (id) => withId(api.remove!, id) : undefined,
    },
    // Screens over the same calls (languages and language speak) see each other's writes.
    invalidates: CATALOGUES.filter((other) => other.api.list === api.list && other !== catalogue).map(
      (other) => other.key,
    ),
    // DECISIONS: in multipart bodies enabled is the text 'true' / 'false'; a file goes only when chosen.
    toRequest: (input, write) =>
      catalogue.multipart?.includes(write)
        ? { body: toFormData(input) }
        : { json: Object.fromEntries(Object.entries(input).filter(([, value]) => !(value instanceof File))) },
    meta: {
      list: { errorFallback: failures?.list },
      create: { errorFallback: failures?.save },
      update: { errorFallback: failures?.save },
      remove: { errorFallback: failures?.remove?.failed, refusedFallback: failures?.remove?.refused },
    },
  });
}

const resources = new Map<string, ReturnType<typeof build>>();

/** The catalogue's queries and mutations (one per catalogue, built on first use). */
export function catalogueResource(catalogue: Catalogue) {
  let resource = resources.get(catalogue.key);
  if (!resource) {
    resource = build(catalogue);
    resources.set(catalogue.key, resource);
  }
  return resource;
}

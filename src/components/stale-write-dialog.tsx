import {
  useQueryClient,
  type FetchQueryOptions,
  type MutateOptions,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorText } from '@/lib/core/api-error';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { StaleWriteError } from '@/lib/core/versioned-update';
import type { WayBack } from './page-kit/error-state';

// Interaction-only: the dialog's code (Mantine's modal machinery) loads when a save meets a conflict or a deleted
// record, which keeps it out of every form's first load.
const ChoiceDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ChoiceDialog })),
);

export const STALE_WRITE_TEXT = {
  title: 'This record has changed',
  message:
    'Another admin saved this record after you opened it. Reload shows their version and discards your edits; Overwrite saves your edits over theirs.',
  keep: 'Keep editing',
  reload: 'Reload',
  overwrite: 'Overwrite',
  /** The record was deleted after the form loaded it (here or in another tab): saving cannot succeed. */
  goneMessage: 'It was deleted after this form opened it, so your edits cannot be saved to it.',
};

const isGone = (error: unknown) => error instanceof ApiError && error.kind === 'http' && error.status === 404;

/** A record whose updatedAt, when the API sends it, is its version (lib/core/versioned-update.ts). */
type Versioned = { _id: string; updatedAt?: unknown };
const versionOf = (record: Versioned | undefined) =>
  typeof record?.updatedAt === 'string' ? record.updatedAt : null;

type UpdateVariables<Input> = { id: string; input: Input; version?: string | null };
type SaveOptions<Input> = MutateOptions<unknown, Error, UpdateVariables<Input>>;

/** What every resource from defineResource offers: its record's detail query and its update mutation. */
export type UpdatableResource<Item, Input, Key extends QueryKey = QueryKey> = {
  queries: { detail: (id: string) => FetchQueryOptions<Item, Error, Item, Key> };
  useUpdate: () => UseMutationResult<unknown, Error, UpdateVariables<Input>>;
};

/**
 * An update form's save, protected against stale writes: it sends the version the form loaded, and when another admin
 * saved the record meanwhile it opens a dialog instead of discarding their change. The admin chooses: Keep editing
 * (nothing changes), Reload (the record as it is now replaces the form's values: `onReloaded` resets the form, and the
 * fields, keyed by `generation`, start again from it) or Overwrite (the same values, saved without the check).
 * Until they choose, every typed value and chosen file stays in the form. When the record is gone (404: deleted
 * meanwhile), saving again cannot succeed: a dialog offers the way back to the list, `back`.
 */
export function useVersionedUpdate<Item extends Versioned, Input, Key extends QueryKey>(
  resource: UpdatableResource<Item, Input, Key>,
  record: Item | undefined,
  onReloaded: (fresh: Item) => void,
  back?: WayBack,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [gone, setGone] = useState<string | null>(null);
  const update = resource.useUpdate();
  // The version the form's values came from: a refetch behind the form's back must not move it, only Reload does.
  const [loaded, setLoaded] = useState(() => versionOf(record));
  const [conflict, setConflict] = useState<{ input: Input; options: SaveOptions<Input> } | null>(null);
  const [reloading, setReloading] = useState(false);
  const [reloadFailure, setReloadFailure] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  function save(input: Input, options: SaveOptions<Input> = {}) {
    if (!record) throw new Error('Only a loaded record can be updated');
    update.mutate(
      { id: record._id, input, version: loaded },
      {
        ...options,
        onError: (error, ...rest) => {
          if (error instanceof StaleWriteError) setConflict({ input, options });
          else if (back && isGone(error)) setGone(errorText(error));
          options.onError?.(error, ...rest);
        },
      },
    );
  }

  function overwrite() {
    if (!record || !conflict) return;
    setConflict(null);
    setReloadFailure(null);
    update.mutate({ id: record._id, input: conflict.input }, conflict.options);
  }

  async function reload() {
    if (!record) return;
    setReloading(true);
    setReloadFailure(null);
    try {
      const fresh = await queryClient.fetchQuery({ ...resource.queries.detail(record._id), staleTime: 0 });
      onReloaded(fresh);
      setLoaded(versionOf(fresh));
      setGeneration((count) => count + 1);
      setConflict(null);
    } catch (error) {
      // The form keeps what was typed (QueryBoundary keeps data over a failed refetch); the dialog says why and
      // stays, to try again or choose otherwise.
      setReloadFailure(errorText(error));
    } finally {
      setReloading(false);
    }
  }

  const goneDialog =
    gone && back ? (
      <ChoiceDialog
        title={gone}
        message={STALE_WRITE_TEXT.goneMessage}
        cancelLabel={STALE_WRITE_TEXT.keep}
        onCancel={() => setGone(null)}
        choices={[
          {
            label: back.label,
            // The edits have nowhere to be saved, which the dialog has just said: leaving asks nothing more.
            onClick: () => {
              unsavedChanges.discard();
              navigate(back.to);
            },
          },
        ]}
      />
    ) : null;

  const dialog = conflict ? (
    <StaleWriteDialog
      reloading={reloading}
      failure={reloadFailure}
      onKeep={() => {
        setConflict(null);
        setReloadFailure(null);
      }}
      onReload={() => void reload()}
      onOverwrite={overwrite}
    />
  ) : (
    goneDialog
  );

  return {
    save,
    isPending: update.isPending,
    generation,
    dialog: dialog ? <Suspense fallback={null}>{dialog}</Suspense> : null,
  };
}

function StaleWriteDialog({
  reloading,
  failure,
  onKeep,
  onReload,
  onOverwrite,
}: {
  reloading: boolean;
  failure: string | null;
  onKeep: () => void;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <ChoiceDialog
      title={STALE_WRITE_TEXT.title}
      message={STALE_WRITE_TEXT.message}
      alert={failure ?? undefined}
      cancelLabel={STALE_WRITE_TEXT.keep}
      onCancel={onKeep}
      choices={[
        { label: STALE_WRITE_TEXT.reload, variant: 'default', loading: reloading, onClick: onReload },
        { label: STALE_WRITE_TEXT.overwrite, color: 'red', disabled: reloading, onClick: onOverwrite },
      ]}
    />
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useEffect, useMemo, type BaseSyntheticEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod/mini';
import { ApiError, fieldRefusals } from '@/lib/core/api-error';
import { notify } from '@/lib/notify';
import type { WayBack } from '../list-kit/error-state';
import { useVersionedUpdate, type UpdatableResource } from '../stale-write-dialog';
import { useUnsavedChangesGuard } from '../unsaved-changes-guard';
import { useFocusFirstError } from '../form-kit/focus-first-error';

/** A form's schema: what it holds as it is typed (Values), and what validation makes of it (Output). */
type FormSchema<Values extends FieldValues, Output> = z.ZodMiniType<Output, Values>;

type SaveCallbacks = { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void };

/** What a record form writes through: a resource from defineResource (lib/data/resource.ts) creates and updates. */
type FormResource<Item extends VersionedRecord, Input, Key extends QueryKey> = UpdatableResource<
  Item,
  Input,
  Key
> & {
  useCreate: () => UseMutationResult<unknown, Error, Input>;
};
/** A record an update form edits: its id, and its version when the API sends one. */
type VersionedRecord = { _id: string; updatedAt?: unknown };

/**
 * One form's declaration. With `resource`, the form adds a record, or with `record` updates it, protected against
 * stale writes; with `mutation`, it writes through that one call (a single record of the admin's own).
 */
export type FormDeclaration<
  Values extends FieldValues,
  Output,
  Item extends VersionedRecord,
  Input,
  Key extends QueryKey = QueryKey,
> = {
  schema: FormSchema<Values, Output>;
  /** The record being updated; absent when adding. */
  record?: Item;
  /** The form's values for the record, or for a new one. */
  values: (record?: Item) => Values;
  /** What the API takes, from values validation has parsed. */
  toInput: (values: Output) => Input;
  /** SPEC's words after a save: one sentence, or one for adding and one for updating. */
  success: string | { added: string; updated: string };
  /** Where the form leads after a save. */
  redirect: string;
  /** How it gets there: navigation in the console unless the form says (the own profile reloads the page). */
  leave?: (to: string) => void;
  /** Where a record form leads when its record is gone (deleted meanwhile). */
  back?: WayBack;
  /** Request fields a refusal may name that the form holds under another name (a FAQ's `enabled` is its Status). */
  serverFields?: Record<string, Path<Values>>;
  /** Asks before writing (a mail to All Users); `save` writes. Without it the form writes at once. */
  confirm?: (values: Output, save: () => void) => void;
  /** After each attempt, saved or refused. */
  onSettled?: () => void;
} & (
  | { resource: FormResource<Item, Input, Key>; mutation?: never }
  | { mutation: UseMutationResult<unknown, Error, Input>; resource?: never }
);

/** The form that writes through a mutation of its own has no resource: these are never called. */
const useUnused = () =>
  useMutation<unknown, Error, never>({ mutationFn: () => Promise.reject(new Error('No resource')) });
const NO_RESOURCE = {
  queries: {
    detail: () => {
      throw new Error('No resource');
    },
  },
  useCreate: useUnused,
  useUpdate: useUnused,
} as unknown as FormResource<never, never, never>;

/**
 * One form, whatever the form (react-admin's useEditController and refine's useForm are the models): react-hook-form
 * with the schema's resolver (the save gets parsed values), values from the record, the stale-write version, the
 * unsaved-changes guard, the focus on the first field in error (refused by validation or by the server), a server
 * refusal that names a field said under that field, and after a save SPEC's words, the guard released and the way
 * on. A page declares its schema, its fields and where to go; ControlledForm renders the <form>.
 */
export function useFormController<
  Values extends FieldValues,
  Output,
  Item extends VersionedRecord,
  Input,
  Key extends QueryKey = QueryKey,
>(declaration: FormDeclaration<Values, Output, Item, Input, Key>) {
  const { schema, record, values, toInput, redirect, back, serverFields = {} } = declaration;
  const navigate = useNavigate();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver<Values, unknown, Output>(schema),
    defaultValues: values(record) as DefaultValues<Values>,
    shouldFocusError: false,
  });
  const resource = (declaration.resource ?? NO_RESOURCE) as FormResource<Item, Input, Key>;
  const create = resource.useCreate();
  const update = useVersionedUpdate(
    resource,
    declaration.resource ? record : undefined,
    (fresh) => form.reset(values(fresh)),
    back,
  );
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const { formRef, focusFirstError } = useFocusFirstError();

  // The request fields this form shows, each under the form's name for it.
  const fieldNames = useMemo(() => {
    const names = new Map<string, Path<Values>>(
      Object.keys(values(record)).map((name) => [name, name as Path<Values>]),
    );
    for (const [sent, shown] of Object.entries(serverFields)) names.set(sent, shown);
    return names;
    // The form's fields are fixed by its declaration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => fieldRefusals.show(new Set(fieldNames.keys())), [fieldNames]);

  const adding = !record || !declaration.resource;
  const message =
    typeof declaration.success === 'string'
      ? declaration.success
      : adding
        ? declaration.success.added
        : declaration.success.updated;

  const callbacks: SaveCallbacks = {
    onSuccess: () => {
      notify.success(message);
      guard.release();
      (declaration.leave ?? navigate)(redirect);
    },
    // A refusal leaves every value and chosen file in the form; one that names a field is said under it.
    onError: (error) => {
      const name = error instanceof ApiError && error.field ? fieldNames.get(error.field) : undefined;
      if (!name || !error.message) return;
      form.setError(name, { type: 'server', message: error.message });
      focusFirstError();
    },
    onSettled: () => declaration.onSettled?.(),
  };

  function write(parsed: Output) {
    const input = toInput(parsed);
    if (declaration.mutation) declaration.mutation.mutate(input, callbacks);
    else if (adding) create.mutate(input, callbacks);
    else update.save(input, callbacks);
  }

  /**
   * The <form>'s submit: validation, then the save. A file refused when chosen stands until another choice: the
   * other fields are checked all the same, and nothing is sent.
   */
  const validateAndSave = form.handleSubmit(
    (parsed) => (declaration.confirm ? declaration.confirm(parsed, () => write(parsed)) : write(parsed)),
    focusFirstError,
  );
  const submit = async (event?: BaseSyntheticEvent) => {
    const refused = Object.entries(form.formState.errors).filter(
      ([, error]) => error?.type === REFUSED_CHOICE,
    );
    if (!refused.length) return validateAndSave(event);
    event?.preventDefault();
    await form.trigger();
    for (const [name, error] of refused)
      form.setError(name as Path<Values>, { type: REFUSED_CHOICE, message: String(error?.message ?? '') });
    focusFirstError();
  };

  const pending = (declaration.mutation ?? create).isPending || update.isPending;
  const dialog: ReactNode = update.dialog;
  return {
    form,
    /** Whether the form updates a record (else it adds one). */
    updating: !adding,
    submit,
    pending,
    formRef,
    /** Changes on Reload (after a stale write): the fields, keyed by it, start again from the record's values. */
    generation: update.generation,
    /** The stale-write or record-gone dialog, when one is open. */
    dialog,
  };
}

/** The error type of a file refused the moment it was chosen (components/form/file-choice.ts): it blocks the save. */
export const REFUSED_CHOICE = 'refused-choice';

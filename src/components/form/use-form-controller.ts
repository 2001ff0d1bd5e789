import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryKey, UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import {
  set,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod/mini';
import { ApiError, fieldRefusals } from '@/lib/core/api-error';
import { notify } from '@/lib/notify';
import type { WayBack } from '../page-kit/error-state';
import { useVersionedUpdate, type UpdatableResource } from '../stale-write-dialog';
import { useUnsavedChangesGuard } from '../unsaved-changes-guard';
import { useFocusFirstError } from '../form-kit/focus-first-error';

/** A form's schema: what it holds as it is typed (Values), and what validation makes of it (Output). */
type FormSchema<Values extends FieldValues, Output> = z.ZodMiniType<Output, Values>;

type SaveCallbacks<Answer> = {
  onSuccess: (answer: Answer) => void;
  onError: (error: Error) => void;
  onSettled: () => void;
};

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

/** One form's declaration: what useRecordForm and useMutationForm take, beside the resource or call they write by. */
export type FormDeclaration<
  Values extends FieldValues,
  Output,
  Item extends VersionedRecord,
  Input,
  Answer = unknown,
> = {
  schema: FormSchema<Values, Output>;
  /** The record being updated; absent when adding. */
  record?: Item;
  /** The form's values for the record, or for a new one. */
  values: (record?: Item) => Values;
  /** What the API takes, from values validation has parsed. */
  toInput: (values: Output) => Input;
  /**
   * SPEC's words after a save: one sentence, or one for adding and one for updating. Without them the form says
   * nothing: its caller does (a dialog's save may outlive the dialog, which the password question replaces).
   */
  success?: string | { added: string; updated: string };
  /** Where the form leads after a save; without it the form stays, and the page shows what the save answered. */
  redirect?: string;
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
  /** After a refusal, before the form says it (a sign-in step whose challenge expired goes back to the password). */
  onRefused?: (error: Error) => void;
  /** After a save, with what the API answered, in place of a redirect: a dialog closes, a sign-in goes on. */
  onSaved?: (answer: Answer) => void;
  /**
   * No question before leaving with unsaved edits: a dialog's form, which holds the admin until answered, and which
   * the question would take the place of.
   */
  unguarded?: boolean;
};

/** How a form's values reach the API, and what the way adds to the screen. */
type Writer<Input, Answer> = {
  /** Whether the form adds (else it updates a record). */
  adding: boolean;
  write: (input: Input, callbacks: SaveCallbacks<Answer>) => void;
  pending: boolean;
  /** Changes on Reload (after a stale write): the fields, keyed by it, start again from the record's values. */
  generation: number;
  /** The stale-write or record-gone dialog, when one is open. */
  dialog: ReactNode;
};

/**
 * A form that adds a record, or with `record` updates it, through its resource (defineResource), protected against
 * stale writes. See useFormController.
 */
export function useRecordForm<
  Values extends FieldValues,
  Output,
  Item extends VersionedRecord,
  Input,
  Key extends QueryKey = QueryKey,
>(
  declaration: FormDeclaration<Values, Output, Item, Input> & {
    resource: FormResource<Item, Input, Key>;
  },
) {
  const { resource, record, values, back } = declaration;
  const fields = useFormFields(declaration);
  const create = resource.useCreate();
  const update = useVersionedUpdate(
    resource,
    record,
    (fresh) => {
      fields.refusedChoices.clear();
      fields.form.reset(values(fresh));
    },
    back,
  );
  const adding = !record;
  return useFormController(declaration, fields, {
    adding,
    write: (input, callbacks) => (adding ? create.mutate(input, callbacks) : update.save(input, callbacks)),
    pending: create.isPending || update.isPending,
    generation: update.generation,
    dialog: update.dialog,
  });
}

/** A form that writes through one call of its own (a single record of the admin's own). See useFormController. */
export function useMutationForm<Values extends FieldValues, Output, Input, Answer>(
  declaration: FormDeclaration<Values, Output, never, Input, Answer> & {
    mutation: UseMutationResult<Answer, Error, Input>;
  },
) {
  const { mutation } = declaration;
  return useFormController(declaration, useFormFields(declaration), {
    adding: true,
    write: (input, callbacks) => mutation.mutate(input, callbacks),
    pending: mutation.isPending,
    generation: 0,
    dialog: null,
  });
}

/**
 * The form's state: react-hook-form with the schema's resolver (the save gets parsed values; a file refused when
 * chosen stands as its field's error until another choice, so the save is refused like any invalid field), values
 * from the record, the unsaved-changes guard and the focus on the first field in error.
 */
function useFormFields<Values extends FieldValues, Output>({
  schema,
  record,
  values,
  serverFields = {},
  unguarded = false,
}: {
  schema: FormSchema<Values, Output>;
  record?: VersionedRecord;
  values: (record?: never) => Values;
  serverFields?: Record<string, Path<Values>>;
  unguarded?: boolean;
}) {
  const [refusedChoices] = useState(() => new Map<Path<Values>, string>());
  const [resolver] = useState(() =>
    refusingChoices(zodResolver<Values, unknown, Output>(schema), refusedChoices),
  );
  const [initialValues] = useState(() => values(record as never));
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: initialValues as DefaultValues<Values>,
    shouldFocusError: false,
  });
  const guard = useUnsavedChangesGuard(!unguarded && form.formState.isDirty);
  const { formRef, focusFirstError } = useFocusFirstError();
  // The request fields this form shows, each under the form's name for it.
  const [fieldNames] = useState(() => {
    const names = new Map<string, Path<Values>>(
      Object.keys(initialValues).map((name) => [name, name as Path<Values>]),
    );
    for (const [sent, shown] of Object.entries(serverFields)) names.set(sent, shown);
    return names;
  });
  useEffect(() => fieldRefusals.show(new Set(fieldNames.keys())), [fieldNames]);
  return { form, guard, formRef, focusFirstError, fieldNames, refusedChoices };
}

/** The schema's resolver, with the files refused when chosen added to the fields in error. */
function refusingChoices<Values extends FieldValues, Output>(
  resolver: Resolver<Values, unknown, Output>,
  refused: ReadonlyMap<Path<Values>, string>,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (!refused.size) return result;
    const errors = { ...result.errors } as FieldErrors<Values>;
    for (const [name, message] of refused) set(errors, name, { type: REFUSED_CHOICE, message });
    return { values: {}, errors };
  };
}

/**
 * One form, whatever the form (react-admin's useEditController and refine's useForm are the models): its state
 * (useFormFields), a server refusal that names a field said under that field, and after a save SPEC's words, the
 * guard released and the way on. A page declares its schema, its fields and where to go, and takes useRecordForm or
 * useMutationForm; ControlledForm renders the <form>.
 */
function useFormController<Values extends FieldValues, Output, Input, Answer>(
  declaration: Pick<
    FormDeclaration<Values, Output, never, Input, Answer>,
    'toInput' | 'success' | 'redirect' | 'leave' | 'confirm' | 'onSettled' | 'onSaved' | 'onRefused'
  >,
  {
    form,
    guard,
    formRef,
    focusFirstError,
    fieldNames,
    refusedChoices,
  }: ReturnType<typeof useFormFields<Values, Output>>,
  writer: Writer<Input, Answer>,
) {
  const { toInput, redirect } = declaration;
  const navigate = useNavigate();
  const message =
    declaration.success === undefined || typeof declaration.success === 'string'
      ? declaration.success
      : writer.adding
        ? declaration.success.added
        : declaration.success.updated;

  const callbacks: SaveCallbacks<Answer> = {
    onSuccess: (answer) => {
      if (message) notify.success(message);
      guard.release();
      if (redirect !== undefined) (declaration.leave ?? navigate)(redirect);
      declaration.onSaved?.(answer);
    },
    // A refusal leaves every value and chosen file in the form; one that names a field is said under it.
    onError: (error) => {
      declaration.onRefused?.(error);
      const name = error instanceof ApiError && error.field ? fieldNames.get(error.field) : undefined;
      if (!name || !error.message) return;
      form.setError(name, { type: 'server', message: error.message });
      focusFirstError();
    },
    onSettled: () => declaration.onSettled?.(),
  };

  const write = (parsed: Output) => writer.write(toInput(parsed), callbacks);
  /** The <form>'s submit: validation, then the save (after the declaration's question, if it asks one). */
  const submit = form.handleSubmit(
    (parsed) => (declaration.confirm ? declaration.confirm(parsed, () => write(parsed)) : write(parsed)),
    focusFirstError,
  );

  return {
    form,
    /** Whether the form updates a record (else it adds one). */
    updating: !writer.adding,
    submit,
    pending: writer.pending,
    formRef,
    generation: writer.generation,
    dialog: writer.dialog,
    /** The files refused when chosen, by field (components/form/file-choice.ts keeps it through ControlledForm). */
    refusedChoices: refusedChoices as Map<string, string>,
  };
}

/** The error type of a file refused the moment it was chosen (components/form/file-choice.ts). */
export const REFUSED_CHOICE = 'refused-choice';

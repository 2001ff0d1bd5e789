import { Stack } from '@mantine/core';
import type { BaseSyntheticEvent, ReactNode, RefObject } from 'react';
import { RefusedChoices } from './file-choice';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';

/** What ControlledForm takes of useRecordForm's or useMutationForm's answer. */
type Controller<Values extends FieldValues, Output> = {
  form: UseFormReturn<Values, unknown, Output>;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  formRef: RefObject<HTMLFormElement | null>;
  generation: number;
  dialog: ReactNode;
  refusedChoices: Map<string, string>;
};

/**
 * The <form> of a form controller (use-form-controller.ts): its fields reach the form through react-hook-form's
 * context (a file field refuses a choice there), start again from the record after a stale write's Reload, and the
 * controller's dialog opens over them.
 */
export function ControlledForm<Values extends FieldValues, Output>({
  controller,
  children,
  maw,
}: {
  controller: Controller<Values, Output>;
  children: ReactNode;
  maw?: number;
}) {
  const { form, submit, formRef, generation, dialog, refusedChoices } = controller;
  return (
    <FormProvider {...form}>
      <RefusedChoices value={refusedChoices}>
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack key={generation} maw={maw}>
            {children}
          </Stack>
        </form>
      </RefusedChoices>
      {dialog}
    </FormProvider>
  );
}

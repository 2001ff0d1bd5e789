import { Center, Loader, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { BackButton } from '@/components/back-button';
import { ErrorState } from '@/components/page-kit/error-state';
import { ControlledForm } from '@/components/form/controlled-form';
import { FormActions } from '@/components/form-kit/form-actions';
import { ImageFileField } from '@/components/form/image-file-field';
import { SelectField, StatusField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useRecordForm } from '@/components/form/use-form-controller';
import { PageCard } from '@/components/page-kit/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { useSession } from '@/lib/core/session';
import { dayOf, endOfDay, middayOf, timeOf, today } from '@/lib/dates';
import { numberLimit, textLimit } from '@/lib/field-limits';
import { checkNumber, Refusal } from '@contract/rules';
import {
  requiredHtml,
  requiredText,
  statusField,
  statusFromForm,
  statusToForm,
} from '@/components/form-kit/schema-parts';
import { idParam, toSlug, type Catalogue, type CatalogueRecord, type Field } from './define-catalogue';
import { catalogueResource, choicesResource, type CatalogueInput } from './resource';

type FormValues = Record<string, string | File | null>;

// The rich-text editor and the date picker are heavy: they load only on forms that have such a field.
const RichTextField = lazy(() =>
  import('@/components/form/rich-text-field').then((module) => ({
    default: module.RichTextField<FormValues>,
  })),
);
const DateField = lazy(() =>
  import('@/components/form/date-field').then((module) => ({ default: module.DateField<FormValues> })),
);

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The native input behind the time and number fields. */
const INPUT_TYPE = {
  time: { type: 'time' },
  number: { type: 'number', inputMode: 'decimal', step: 'any' },
} as const;

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** The range a number field takes: its declared minimum, and the server's maximum when it has one. */
const rangeOf = (catalogue: Catalogue, field: Extract<Field, { kind: 'number' }>) => ({
  min: field.min,
  max: numberLimit(catalogue.key, field.name)?.max,
});

/**
 * A number typed into a form: '' when left empty (SPEC's message when it is required), else what the API takes, said
 * as the API's rule says it (contract/rules.ts) with the form's label.
 */
function numberSchema(field: Extract<Field, { kind: 'number' }>, max: number | undefined) {
  return z.string().check(
    z.refine((value) => Boolean(value.trim()) || !field.required, field.required ?? ''),
    z.superRefine((value, context) => {
      if (!value.trim()) return;
      const checked = checkNumber(field.label, value, {
        min: field.min,
        max: max ?? Number.MAX_SAFE_INTEGER,
        integer: field.whole,
      });
      if (checked instanceof Refusal)
        context.addIssue({ code: 'custom', message: checked.message, input: value });
    }),
  );
}

/** Text of at most the server's maximum for the field, said in the server's words. */
const withinLimit = (catalogue: Catalogue, field: Field, schema: z.ZodMiniString) => {
  const max = textLimit(catalogue.key, field.name);
  return max === undefined
    ? schema
    : schema.check(z.maxLength(max, `${field.label} must be at most ${max} characters`));
};

/** SPEC 5's messages, verbatim from the declaration. An image is required while the record has none stored. */
function formSchema(catalogue: Catalogue, record: CatalogueRecord | undefined) {
  const { fields } = catalogue;
  const shape = Object.fromEntries(
    fields.map((field) => {
      switch (field.kind) {
        case 'html':
          return [field.name, requiredHtml(field.required)];
        case 'status':
          return [field.name, statusField(field.required)];
        case 'yesNo':
          return [field.name, statusField(field.required)];
        case 'number':
          return [field.name, numberSchema(field, rangeOf(catalogue, field).max)];
        case 'choice':
          return [field.name, field.required ? requiredText(field.required) : z.string()];
        case 'time':
          return [
            field.name,
            requiredText(field.required).check(
              z.refine(
                (value) => TIME_OF_DAY.test(value.trim()),
                `${field.label} must be a time of day (HH:mm)`,
              ),
            ),
          ];
        case 'icon':
          return [
            field.name,
            record?.[field.name]
              ? z.nullable(z.custom<File>())
              : z.custom<File>((value) => value instanceof File, field.required),
          ];
        default:
          return [
            field.name,
            withinLimit(catalogue, field, field.required ? requiredText(field.required) : z.string()),
          ];
      }
    }),
  );
  const ordered = fields.flatMap((field) =>
    field.kind === 'time' && field.after ? [{ name: field.name, after: field.after }] : [],
  );
  const timeAt = (values: unknown, name: string) => String((values as FormValues)[name] ?? '').trim();
  return z.object(shape).check(
    ...ordered.map(({ name, after }) =>
      z.refine((values) => timeAt(values, name) > timeAt(values, after.field), {
        message: after.message,
        path: [name],
        // Checked as soon as both are times of day, whatever the other fields hold.
        when: ({ value }) => [name, after.field].every((key) => TIME_OF_DAY.test(timeAt(value, key))),
      }),
    ),
  ) as unknown as z.ZodMiniType<FormValues, FormValues>;
}

function toFormValues(fields: Field[], record: CatalogueRecord | undefined): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const stored = record?.[field.name];
      switch (field.kind) {
        case 'icon':
          return [field.name, null];
        case 'status':
        case 'yesNo':
          return [field.name, record ? statusToForm(stored === true) : ''];
        case 'date':
          return [field.name, dayOf(stored as string | null | undefined)];
        case 'time':
          return [field.name, timeOf(stored)];
        case 'choice':
          return [
            field.name,
            stored && typeof stored === 'object' && '_id' in stored ? stored._id : String(stored ?? ''),
          ];
        default:
          return [field.name, stored === null || stored === undefined ? '' : String(stored)];
      }
    }),
  );
}

/** The form's values as the API takes them: booleans, numbers, the end of a chosen day, files under their upload name. */
function toInput(fields: Field[], values: FormValues): CatalogueInput {
  return Object.fromEntries(
    fields.map((field) => {
      const value = values[field.name] ?? null;
      switch (field.kind) {
        case 'status':
        case 'yesNo':
          return [field.name, statusFromForm(String(value))];
        case 'number':
          return [field.name, typeof value === 'string' && value.trim() ? Number(value) : null];
        case 'date':
          return [
            field.name,
            typeof value === 'string' && value ? (field.midday ? middayOf(value) : endOfDay(value)) : null,
          ];
        case 'choice':
          return [field.name, value || null];
        case 'icon':
          return [field.upload ?? field.name, value];
        default:
          return [field.name, typeof value === 'string' ? value.trim() : value];
      }
    }),
  );
}

/** The way from a catalogue's form to its list, when the record is not there (a bad id, deleted meanwhile). */
const backToList = (catalogue: Catalogue) => ({
  to: catalogue.routes.list,
  label: `Back to ${catalogue.title}`,
});

/** Any catalogue's add and update form; update waits for the record and starts prefilled. */
export { loadCatalogue } from './registry';

export function CatalogueFormPage({ catalogue }: { catalogue: Catalogue }) {
  const recordId = useParams()[idParam(catalogue.routes.update)];
  if (!recordId) return <CatalogueForm catalogue={catalogue} />;
  return (
    <QueryBoundary query={catalogueResource(catalogue).queries.detail(recordId)} back={backToList(catalogue)}>
      {(record) => <CatalogueForm catalogue={catalogue} record={record} />}
    </QueryBoundary>
  );
}

/** The records of another list to choose one from (a blog's category), by id. */
function ChoiceField({
  field,
  form,
}: {
  field: Extract<Field, { kind: 'choice' }>;
  form: UseFormReturn<FormValues>;
}) {
  const choices = useQuery(choicesResource(field.from).queries.list());
  return (
    <>
      <SelectField
        control={form.control}
        name={field.name}
        label={field.label}
        placeholder={choices.isPending ? 'Loading…' : `Select ${field.label.toLowerCase()}`}
        clearable={!field.required}
        searchable
        nothingFoundMessage="Nothing found"
        data={(choices.data?.rows ?? []).map((row) => ({ value: row._id, label: row.name }))}
      />
      {choices.error ? <ErrorState error={choices.error} onRetry={() => void choices.refetch()} /> : null}
    </>
  );
}

function CatalogueForm({ catalogue: declared, record }: { catalogue: Catalogue; record?: CatalogueRecord }) {
  // An extension's field is on the form only where the API announced it: SPEC's form stays as it is.
  const announced = useSession()?.features;
  const catalogue = useMemo(() => {
    const shown = declared.fields.filter(
      (field) => !('feature' in field) || !field.feature || announced?.includes(field.feature),
    );
    return shown.length === declared.fields.length ? declared : { ...declared, fields: shown };
  }, [declared, announced]);
  const { fields } = catalogue;
  const controller = useRecordForm({
    schema: formSchema(catalogue, record),
    resource: catalogueResource(catalogue),
    record,
    values: (from) => toFormValues(fields, from),
    toInput: (values) => toInput(fields, values),
    success: catalogue.messages,
    redirect: catalogue.routes.list,
    back: backToList(catalogue),
    // An image travels under its upload name (an offer's brand logo as `file`).
    serverFields: Object.fromEntries(
      fields.flatMap((field) => (field.kind === 'icon' && field.upload ? [[field.upload, field.name]] : [])),
    ),
  });
  const { form } = controller;
  const title = `${record ? 'Update' : 'Add'} ${catalogue.formTitle ?? catalogue.title}`;
  // The default image is the console's own (public/), not a media path on the API host.
  const defaultIcon = catalogue.defaultIcon && new URL(catalogue.defaultIcon, window.location.origin).href;
  const { errors } = form.formState;

  /** A text field another field's slug follows: the slug moves with it while it still matches. */
  const slugFollowing = (name: string) => {
    const follower = fields.find((field) => field.kind === 'slug' && field.from === name);
    if (!follower) return undefined;
    return (typed: string) => {
      const slug = form.getValues(follower.name);
      if (!slug || slug === toSlug(String(form.getValues(name) ?? '')))
        form.setValue(follower.name, toSlug(typed), { shouldDirty: true });
    };
  };

  const input = (field: Field) => {
    const error = errors[field.name]?.message;
    switch (field.kind) {
      case 'text':
      case 'slug':
        return (
          <TextField<FormValues>
            key={field.name}
            name={field.name}
            label={field.label}
            max={textLimit(catalogue.key, field.name)}
            onTyped={slugFollowing(field.name)}
          />
        );
      case 'textarea':
        return (
          <TextAreaField<FormValues>
            key={field.name}
            name={field.name}
            label={field.label}
            rows={4}
            max={textLimit(catalogue.key, field.name)}
            onTyped={slugFollowing(field.name)}
          />
        );
      case 'time':
        return (
          <TextInput
            key={field.name}
            label={field.label}
            {...INPUT_TYPE.time}
            {...form.register(field.name)}
            error={error}
          />
        );
      case 'number': {
        const { min, max } = rangeOf(catalogue, field);
        return (
          <TextInput
            key={field.name}
            label={field.label}
            description={max === undefined ? undefined : `From ${min} to ${max.toLocaleString('en-US')}`}
            {...INPUT_TYPE.number}
            min={min}
            max={max}
            {...(field.whole ? { step: 1, inputMode: 'numeric' as const } : {})}
            {...form.register(field.name)}
            error={error}
          />
        );
      }
      case 'html':
        return (
          <RichTextField key={field.name} control={form.control} name={field.name} label={field.label} />
        );
      case 'date':
        return (
          <DateField
            key={field.name}
            control={form.control}
            name={field.name}
            label={field.label}
            minDate={field.fromToday ? today() : undefined}
          />
        );
      case 'select':
        return (
          <SelectField
            key={field.name}
            control={form.control}
            name={field.name}
            label={field.label}
            placeholder={`Select ${field.label.toLowerCase()}`}
            data={field.options}
          />
        );
      case 'yesNo':
        return (
          <SelectField
            key={field.name}
            control={form.control}
            name={field.name}
            label={field.label}
            placeholder="Select one"
            data={YES_NO}
          />
        );
      case 'choice':
        return <ChoiceField key={field.name} field={field} form={form} />;
      case 'status':
        return <StatusField key={field.name} control={form.control} name={field.name} />;
      case 'icon':
        return (
          <ImageFileField<FormValues>
            key={field.name}
            name={field.name}
            label={field.label}
            currentPath={(record?.[field.name] as string | null | undefined) ?? defaultIcon}
            previewSize={100}
          />
        );
    }
  };

  return (
    <PageCard title={title} actions={<BackButton fallback={catalogue.routes.list} />}>
      <ControlledForm controller={controller}>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          {fields.map(input)}
        </Suspense>
        <FormActions label={title} pending={controller.pending} />
      </ControlledForm>
    </PageCard>
  );
}

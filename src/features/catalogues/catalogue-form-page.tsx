import { zodResolver } from '@hookform/resolvers/zod';
import { Center, Loader, Stack, Textarea, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { BackButton } from '@/components/back-button';
import { FormActions } from '@/components/form/form-actions';
import { ImageFileField } from '@/components/form/image-file-field';
import { StatusField } from '@/components/form/select-field';
import { PageCard } from '@/components/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { requiredHtml, requiredText, statusField, statusFromForm, statusToForm } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { idParam, type Catalogue, type CatalogueRecord, type Field } from './define-catalogue';
import { catalogueResource, type CatalogueInput } from './resource';

type FormValues = Record<string, string | File | null>;

// The rich-text editor is heavy: it loads only on forms that have an HTML field (Setting).
const RichTextField = lazy(() =>
  import('@/components/form/rich-text-field').then((module) => ({
    default: module.RichTextField<FormValues>,
  })),
);

/** SPEC 5's messages, verbatim from the declaration. An icon is required while the record has none stored. */
function formSchema(fields: Field[], record: CatalogueRecord | undefined) {
  const shape = Object.fromEntries(
    fields.map((field) => {
      switch (field.kind) {
        case 'html':
          return [field.name, requiredHtml(field.required)];
        case 'status':
          return [field.name, statusField(field.required)];
        case 'icon':
          return [
            field.name,
            record?.[field.name]
              ? z.nullable(z.custom<File>())
              : z.custom<File>((value) => value instanceof File, field.required),
          ];
        default:
          return [field.name, requiredText(field.required)];
      }
    }),
  );
  return z.object(shape) as unknown as z.ZodMiniType<FormValues, FormValues>;
}

function toFormValues(fields: Field[], record: CatalogueRecord | undefined): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      if (field.kind === 'icon') return [field.name, null];
      if (field.kind === 'status') return [field.name, record ? statusToForm(record.enabled) : ''];
      return [field.name, record ? String(record[field.name] ?? '') : ''];
    }),
  );
}

function toInput(fields: Field[], values: FormValues): CatalogueInput {
  return Object.fromEntries(
    fields.map((field) => {
      const value = values[field.name] ?? null;
      return [field.name, field.kind === 'status' ? statusFromForm(String(value)) : value];
    }),
  );
}

/** Any catalogue's add and update form; update waits for the record and starts prefilled. */
export function CatalogueFormPage({ catalogue }: { catalogue: Catalogue }) {
  const recordId = useParams()[idParam(catalogue.routes.update)];
  if (!recordId) return <CatalogueForm catalogue={catalogue} />;
  return (
    <QueryBoundary query={catalogueResource(catalogue).queries.detail(recordId)}>
      {(record) => <CatalogueForm catalogue={catalogue} record={record} />}
    </QueryBoundary>
  );
}

function CatalogueForm({ catalogue, record }: { catalogue: Catalogue; record?: CatalogueRecord }) {
  const navigate = useNavigate();
  const resource = catalogueResource(catalogue);
  const create = resource.useCreate();
  const update = resource.useUpdate();
  const { fields } = catalogue;
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema(fields, record)),
    defaultValues: toFormValues(fields, record),
  });
  const title = `${record ? 'Update' : 'Add'} ${catalogue.formTitle ?? catalogue.title}`;
  // The default image is the console's own (public/), not a media path on the API host.
  const defaultIcon = catalogue.defaultIcon && new URL(catalogue.defaultIcon, window.location.origin).href;
  const { errors, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const submit = form.handleSubmit((values) => {
    const input = toInput(fields, values);
    const done = (message: string) => () => {
      notify.success(message);
      guard.release();
      navigate(catalogue.routes.list);
    };
    if (record) update.mutate({ id: record._id, input }, { onSuccess: done(catalogue.messages.updated) });
    else create.mutate(input, { onSuccess: done(catalogue.messages.added) });
  });

  const input = (field: Field) => {
    const error = errors[field.name]?.message;
    switch (field.kind) {
      case 'text':
        return (
          <TextInput key={field.name} label={field.label} {...form.register(field.name)} error={error} />
        );
      case 'textarea':
        return (
          <Textarea
            key={field.name}
            label={field.label}
            rows={4}
            {...form.register(field.name)}
            error={error}
          />
        );
      case 'html':
        return (
          <RichTextField key={field.name} control={form.control} name={field.name} label={field.label} />
        );
      case 'status':
        return <StatusField key={field.name} control={form.control} name={field.name} />;
      case 'icon':
        return (
          <ImageFileField
            key={field.name}
            control={form.control}
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
      <form onSubmit={submit} noValidate>
        <Stack>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading" />
              </Center>
            }
          >
            {fields.map(input)}
          </Suspense>
          <FormActions label={title} pending={create.isPending || update.isPending} />
        </Stack>
      </form>
    </PageCard>
  );
}

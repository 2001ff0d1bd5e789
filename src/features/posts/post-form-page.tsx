import { zodResolver } from '@hookform/resolvers/zod';
import { Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { BackButton } from '@/components/back-button';
import { FormActions } from '@/components/form/form-actions';
import { ImageFileField } from '@/components/form/image-file-field';
import { PageCard } from '@/components/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { useVersionedUpdate } from '@/components/stale-write-dialog';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { postQueries, postResource, type Post } from './api';
import {
  hasFiles,
  IMAGE_FIELDS,
  postFormSchema,
  toFormValues,
  toInput,
  type PostFormValues,
} from './form-schema';
import { POSTS_TEXT } from './strings';
import { VideoFileField } from './video-file-field';

/** Where the form leads when its record is not there (a bad id, deleted meanwhile). */
const BACK_TO_LIST = { to: '/post', label: 'Back to Posts' };

/** /post/add and /post/update/{postId}: one form for both; update waits for the post and starts prefilled. */
export function PostFormPage() {
  const { postId } = useParams();
  if (!postId) return <PostForm />;
  return (
    <QueryBoundary query={postQueries.detail(postId)} back={BACK_TO_LIST}>
      {(post) => <PostForm post={post} />}
    </QueryBoundary>
  );
}

function PostForm({ post }: { post?: Post }) {
  const navigate = useNavigate();
  const userId = useSession()?.userId ?? '';
  const create = postResource.useCreate();
  const [sent, setSent] = useState<number | null>(null);
  const form = useForm<PostFormValues>({
    resolver: zodResolver(postFormSchema),
    defaultValues: toFormValues(post),
  });
  const update = useVersionedUpdate(
    postResource,
    post,
    (fresh) => form.reset(toFormValues(fresh)),
    BACK_TO_LIST,
  );
  const title = post ? POSTS_TEXT.updateTitle : POSTS_TEXT.addTitle;
  const { errors, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    const input = {
      ...toInput(postFormSchema.parse(values), userId),
      onUploadProgress: hasFiles(values)
        ? ({ percent }: { percent: number }) => setSent(Math.round(percent * 100))
        : undefined,
    };
    if (input.onUploadProgress) setSent(0);
    const callbacks = (message: string) => ({
      onSuccess: () => {
        notify.success(message);
        guard.release();
        navigate('/post');
      },
      // A refusal leaves every value and chosen file in the form, as it was.
      onSettled: () => setSent(null),
    });
    if (post) update.save(input, callbacks(POSTS_TEXT.updated));
    else create.mutate(input, callbacks(POSTS_TEXT.added));
  });

  return (
    <PageCard title={title} actions={<BackButton fallback="/post" />}>
      <form onSubmit={submit} noValidate>
        <Stack key={update.generation}>
          <TextInput label={POSTS_TEXT.name} {...form.register('name')} error={errors.name?.message} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {IMAGE_FIELDS.map((field, index) => (
              <ImageFileField
                key={field}
                control={form.control}
                name={field}
                label={POSTS_TEXT.image(index + 1)}
                currentPath={post?.[field]}
              />
            ))}
          </SimpleGrid>
          <VideoFileField
            control={form.control}
            currentPath={post?.video}
            onChosen={() => void form.trigger('video')}
          />
          {pending && sent !== null ? (
            <Stack gap={4}>
              <Text size="sm" aria-live="polite">
                {POSTS_TEXT.uploading} {sent}%
              </Text>
              <Progress value={sent} size="lg" aria-label={POSTS_TEXT.uploading} />
            </Stack>
          ) : null}
          <FormActions label={title} pending={pending} />
        </Stack>
      </form>
      {update.dialog}
    </PageCard>
  );
}

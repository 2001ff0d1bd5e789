import { Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { BackButton } from '@/components/back-button';
import { ControlledForm } from '@/components/form/controlled-form';
import { FormActions } from '@/components/form-kit/form-actions';
import { ImageFileField } from '@/components/form/image-file-field';
import { TextField } from '@/components/form/text-field';
import { useRecordForm } from '@/components/form/use-form-controller';
import { PageCard } from '@/components/page-kit/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { textLimit } from '@/lib/field-limits';
import { useSession } from '@/lib/core/session';
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
  const userId = useSession()?.userId ?? '';
  // How much of the files has been sent, while a save with files is under way.
  const [sent, setSent] = useState<number | null>(null);
  const controller = useRecordForm({
    schema: postFormSchema,
    resource: postResource,
    record: post,
    values: toFormValues,
    toInput: (values) => {
      const withFiles = hasFiles(values);
      if (withFiles) setSent(0);
      return {
        ...toInput(values, userId),
        onUploadProgress: withFiles
          ? ({ percent }: { percent: number }) => setSent(Math.round(percent * 100))
          : undefined,
      };
    },
    onSettled: () => setSent(null),
    success: { added: POSTS_TEXT.added, updated: POSTS_TEXT.updated },
    redirect: '/post',
    back: BACK_TO_LIST,
  });
  const title = post ? POSTS_TEXT.updateTitle : POSTS_TEXT.addTitle;

  return (
    <PageCard title={title} actions={<BackButton fallback="/post" />}>
      <ControlledForm controller={controller}>
        <TextField<PostFormValues> name="name" label={POSTS_TEXT.name} max={textLimit('posts', 'name')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {IMAGE_FIELDS.map((field, index) => (
            <ImageFileField<PostFormValues>
              key={field}
              name={field}
              label={POSTS_TEXT.image(index + 1)}
              currentPath={post?.[field]}
            />
          ))}
        </SimpleGrid>
        <VideoFileField currentPath={post?.video} />
        {controller.pending && sent !== null ? (
          <Stack gap={4}>
            <Text size="sm" aria-live="polite">
              {POSTS_TEXT.uploading} {sent}%
            </Text>
            <Progress value={sent} size="lg" aria-label={POSTS_TEXT.uploading} />
          </Stack>
        ) : null}
        <FormActions label={title} pending={controller.pending} />
      </ControlledForm>
    </PageCard>
  );
}

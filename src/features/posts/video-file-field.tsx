import { Center, FileInput, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useFileChoice } from '@/components/form/file-choice';
import { VIDEO_UPLOAD } from '@/lib/field-limits';
import { mediaUrl } from '@/lib/media';
import type { PostFormValues } from './form-schema';
import { POSTS_TEXT } from './strings';

/**
 * The post's video chooser: holds the File in the form (sent only on submit) and plays it as a preview; before a
 * choice it plays the stored video, if any. Like ImageFileField, for a video: it says which videos it takes and
 * refuses another kind or a larger file when chosen.
 */
export function VideoFileField({ currentPath }: { currentPath?: string | null }) {
  const { file, choose, inputRef, onBlur, error } = useFileChoice<PostFormValues>(
    'video',
    VIDEO_UPLOAD,
    POSTS_TEXT.video,
  );
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  const src = file ? previewUrl : mediaUrl(currentPath);

  return (
    <Stack gap="xs">
      {src ? (
        <video
          src={src}
          controls
          preload="metadata"
          aria-label={`${POSTS_TEXT.video} preview`}
          style={{
            width: 240,
            maxHeight: 180,
            borderRadius: 'var(--mantine-radius-md)',
            background: 'black',
          }}
        />
      ) : (
        <Center
          w={240}
          h={135}
          bg="var(--console-muted)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Stack gap={4} align="center">
            <IconVideo aria-hidden />
            <Text size="sm" c="dimmed">
              {POSTS_TEXT.noMedia}
            </Text>
          </Stack>
        </Center>
      )}
      <FileInput
        ref={inputRef}
        label={POSTS_TEXT.video}
        description={VIDEO_UPLOAD.says}
        placeholder={POSTS_TEXT.chooseVideo}
        accept={VIDEO_UPLOAD.accept}
        clearable
        clearButtonProps={{ 'aria-label': `Clear ${POSTS_TEXT.video}` }}
        value={file}
        onChange={(next) => choose(next ?? null)}
        onBlur={onBlur}
        error={error}
      />
    </Stack>
  );
}

import { Center, FileInput, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';
import { mediaUrl } from '@/lib/media';
import { VIDEO_ACCEPT, type PostFormValues } from './form-schema';
import { POSTS_TEXT } from './strings';

/**
 * The post's video chooser: holds the File in the form (sent only on submit) and plays it as a preview; before a
 * choice it plays the stored video, if any. Like ImageFileField, for a video.
 */
export function VideoFileField({
  control,
  currentPath,
  onChosen,
}: {
  control: Control<PostFormValues>;
  currentPath?: string | null;
  /** After a choice: the form checks the file at once, so a wrong kind is told before submitting. */
  onChosen?: () => void;
}) {
  const {
    field: { value, onChange, onBlur, ref: inputRef },
    fieldState,
  } = useController({ name: 'video', control });
  const file = value instanceof File ? value : null;
  const refused = Boolean(fieldState.error);
  // A refused file gets no preview: the browser could not play it anyway.
  const previewUrl = useMemo(() => (file && !refused ? URL.createObjectURL(file) : null), [file, refused]);
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
        placeholder={POSTS_TEXT.chooseVideo}
        accept={VIDEO_ACCEPT}
        clearable
        clearButtonProps={{ 'aria-label': `Clear ${POSTS_TEXT.video}` }}
        value={file}
        onChange={(next) => {
          onChange(next ?? null);
          onChosen?.();
        }}
        onBlur={onBlur}
        error={fieldState.error?.message}
      />
    </Stack>
  );
}

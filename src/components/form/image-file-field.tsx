import { Avatar, FileInput, Group, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { IMAGE_UPLOAD } from '@/lib/field-limits';
import { mediaUrl } from '@/lib/media';
import { useFileChoice } from './file-choice';

type ImageFileFieldProps<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  /** The stored image shown until a new file is chosen. */
  currentPath?: string | null;
  previewSize?: number;
  round?: boolean;
};

/**
 * An image chooser that holds the File in the form (sent only on submit, as multipart) and previews it;
 * before a choice it shows the stored image, or a default placeholder. It says which images it takes, and refuses
 * another kind or a larger file when chosen (file-choice.ts). Used inside a ControlledForm.
 */
export function ImageFileField<T extends FieldValues>({
  name,
  label,
  currentPath,
  previewSize = 100,
  round = false,
}: ImageFileFieldProps<T>) {
  const { file, choose, inputRef, onBlur, error } = useFileChoice<T>(name, IMAGE_UPLOAD, label);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  return (
    <Stack gap="xs">
      <Group>
        <Avatar
          src={previewUrl ?? mediaUrl(currentPath)}
          size={previewSize}
          radius={round ? 'xl' : 'md'}
          alt={`${label} preview`}
        >
          <IconPhoto aria-hidden />
        </Avatar>
      </Group>
      <FileInput
        ref={inputRef}
        label={label}
        description={IMAGE_UPLOAD.says}
        placeholder="Choose an image"
        accept={IMAGE_UPLOAD.accept}
        clearable
        clearButtonProps={{ 'aria-label': `Clear ${label}` }}
        value={file}
        onChange={(next) => choose(next ?? null)}
        onBlur={onBlur}
        error={error}
      />
    </Stack>
  );
}

import { Avatar, FileInput, Group, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { mediaUrl } from '@/lib/media';

type ImageFileFieldProps<T extends FieldValues> = UseControllerProps<T> & {
  label: string;
  /** The stored image shown until a new file is chosen. */
  currentPath?: string | null;
  previewSize?: number;
  round?: boolean;
};

/**
 * An image chooser that holds the File in the form (sent only on submit, as multipart) and previews it;
 * before a choice it shows the stored image, or a default placeholder.
 */
export function ImageFileField<T extends FieldValues>({
  name,
  control,
  label,
  currentPath,
  previewSize = 100,
  round = false,
}: ImageFileFieldProps<T>) {
  const {
    field: { value, onChange, onBlur, ref: inputRef },
    fieldState,
  } = useController({ name, control });
  const chosen: unknown = value;
  const file = chosen instanceof File ? chosen : null;
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
        placeholder="Choose an image"
        accept="image/png,image/jpeg,image/webp,image/gif"
        clearable
        clearButtonProps={{ 'aria-label': `Clear ${label}` }}
        value={file}
        onChange={(next) => onChange(next ?? null)}
        onBlur={onBlur}
        error={fieldState.error?.message}
      />
    </Stack>
  );
}

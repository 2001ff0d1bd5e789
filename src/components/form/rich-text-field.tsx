import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';

type RichTextFieldProps<T extends FieldValues> = UseControllerProps<T> & {
  label: string;
  withAsterisk?: boolean;
};

/** The editable element's ARIA: a labelled multi-line textbox, tied to its message while in error. */
function editableAttributes(labelId: string, errorId?: string): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(errorId ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
  };
}

/**
 * A rich-text form field (Mantine tiptap). Holds HTML; an empty editor holds ''.
 * On error the editor gets a red border and the message below it (SPEC 5, FAQ answer).
 */
export function RichTextField<T extends FieldValues>({
  name,
  control,
  label,
  withAsterisk,
}: RichTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const labelId = useId();
  const errorId = useId();
  const error = fieldState.error?.message;

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: (field.value as string) || '',
    editorProps: { attributes: editableAttributes(labelId) },
    onUpdate: ({ editor: current }) => field.onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => field.onBlur(),
  });

  // The error belongs on the editable element itself, the one assistive technology reads and focus lands on.
  useEffect(() => {
    editor?.setOptions({
      editorProps: { attributes: editableAttributes(labelId, error ? errorId : undefined) },
    });
  }, [editor, labelId, errorId, error]);
  // react-hook-form focuses the first field in error through this ref.
  const { ref } = field;
  useEffect(() => {
    if (editor) ref({ focus: () => editor.view.dom.focus() });
  }, [editor, ref]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      withAsterisk={withAsterisk}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        data-error={error ? true : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

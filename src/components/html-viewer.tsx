import { ActionIcon } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { onDemand } from './on-demand';

// The dialog and the sanitiser load with the first opened viewer, not with the list that shows the buttons.
const useHtmlDialog = onDemand(() => import('./html-dialog').then((module) => module.HtmlDialog));

/** A table cell's "viewer": an eye button that opens the stored HTML, sanitised, in a dialog. */
export function HtmlViewer({ title, html, label }: { title: string; html: string; label: string }) {
  const [opened, setOpened] = useState(false);
  const dialog = useHtmlDialog();
  const HtmlDialog = dialog.loaded;
  return (
    <>
      <ActionIcon
        variant="light"
        // Busy, not disabled: a disabled button drops the focus, which the dialog gives back to its opener on close.
        aria-busy={dialog.pending || undefined}
        onClick={() => {
          dialog.request();
          setOpened(true);
        }}
        aria-label={label}
        title={label}
      >
        <IconEye size={18} />
      </ActionIcon>
      {HtmlDialog ? (
        <HtmlDialog title={title} html={html} opened={opened} onClose={() => setOpened(false)} />
      ) : null}
    </>
  );
}

import { ActionIcon } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The dialog and the sanitiser load with the first opened viewer, not with the list that shows the buttons.
const HtmlDialog = lazy(() =>
  import('./html-dialog-loader')
    .then((loader) => loader.loadHtmlDialog())
    .then((module) => ({ default: module.HtmlDialog })),
);

/** A table cell's "viewer": an eye button that opens the stored HTML, sanitised, in a dialog. */
export function HtmlViewer({ title, html, label }: { title: string; html: string; label: string }) {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <ActionIcon
        variant="light"
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
        aria-label={label}
        title={label}
      >
        <IconEye size={18} />
      </ActionIcon>
      {used ? (
        <Suspense fallback={null}>
          <HtmlDialog title={title} html={html} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

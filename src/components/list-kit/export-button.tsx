import { Button } from '@mantine/core';
import { useState } from 'react';
import type { ExportJob } from '@/lib/list-export';
import type { ExportDialog } from '../export-dialog';

/** The dialog once loaded (as React.lazy keeps a component): a list shown later opens it without a wait. */
let loadedDialog: typeof ExportDialog | null = null;

/**
 * Export CSV (DECISIONS, "Lists: sort, select, export"): a list's first load carries only this button. Its click
 * takes the list's job as it is then, loads the dialog and the export machinery, and runs the job in the dialog.
 */
export function ExportButton<Row>({ job, disabled }: { job: () => ExportJob<Row>; disabled?: boolean }) {
  const [Dialog, setDialog] = useState(() => loadedDialog);
  const [running, setRunning] = useState<ExportJob<Row> | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // A chunk that fails to load is the route's error boundary's to show, as any other lazy code's.
  if (failure) throw failure;

  const start = () => {
    setRunning(job());
    if (!Dialog)
      import('../export-dialog').then(
        (module) => {
          loadedDialog = module.ExportDialog;
          setDialog(() => module.ExportDialog);
        },
        (error: unknown) => setFailure(error ?? new Error('The export could not be loaded')),
      );
  };

  return (
    <>
      <Button
        variant="light"
        // Its download arrow is drawn by data-table.css.
        className="export-button"
        disabled={disabled}
        loading={Boolean(running && !Dialog)}
        onClick={start}
      >
        Export CSV
      </Button>
      {running && Dialog ? <Dialog job={running} onClose={() => setRunning(null)} /> : null}
    </>
  );
}

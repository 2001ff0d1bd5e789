import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText } from '@/lib/core/api-error';
import { exportFileName } from '@/lib/export-file-name';
import { runExport, saveFile, type ExportJob, type ExportProgress } from '@/lib/list-export';
import { useModalDialog } from './modal-dialog';

type ExportState =
  | { status: 'running'; progress: ExportProgress }
  | { status: 'done'; rows: number }
  | { status: 'failed'; error: unknown };

/** Each state's own button takes the focus as it appears: the one that had it (Cancel) is gone. */
const takeFocus = (button: HTMLButtonElement | null) => button?.focus();

const STARTING: ExportState = { status: 'running', progress: { rows: 0, total: null } };

const formatCount = (value: number) => value.toLocaleString('en-US');

const rowCount = (rows: number) => `${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}`;

const progressText = ({ rows, total }: ExportProgress) =>
  total === null ? rowCount(rows) : `${formatCount(rows)} of ${rowCount(total)}`;

/**
 * Runs an export (lib/list-export.ts) in a modal dialog, loaded by ExportButton on its first click: progress while it
 * runs, the file saved when it is done (and let go when the dialog closes), the failure in the server's words (or the
 * console's) with Try again. Cancel, Escape or the close button abort it: no further request, nothing saved.
 */
export function ExportDialog<Row>({ job, onClose }: { job: ExportJob<Row>; onClose: () => void }) {
  useModalDialog(true);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ExportState>(STARTING);
  // Named here, in the export's own code, rather than by the list: lib/csv.ts stays out of every list's first load.
  const [fileName] = useState(() => exportFileName(job.listKey));

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let release = () => {};
    runExport(job, { signal, onProgress: (progress) => setState({ status: 'running', progress }) }).then(
      ({ file, rows }) => {
        if (signal.aborted) return;
        release = saveFile(file, fileName);
        setState({ status: 'done', rows });
      },
      (error: unknown) => {
        if (!signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => {
      controller.abort();
      release();
    };
  }, [job, fileName, attempt]);

  const tryAgain = () => {
    setState(STARTING);
    setAttempt((count) => count + 1);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Export CSV"
      centered
      closeOnClickOutside={state.status !== 'running'}
    >
      {state.status === 'running' ? (
        <Stack gap="sm">
          <Text size="sm">Exporting {fileName}…</Text>
          <Progress
            value={state.progress.total ? Math.round((state.progress.rows / state.progress.total) * 100) : 0}
            aria-label="Export progress"
            animated={state.progress.total === null}
          />
          <Text size="sm" aria-live="polite">
            {progressText(state.progress)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} ref={takeFocus} data-autofocus>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : state.status === 'done' ? (
        <Stack gap="sm">
          <Text size="sm" role="status">
            Exported {rowCount(state.rows)} to {fileName}.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} ref={takeFocus} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Alert color="red" variant="light" title="The export failed; nothing was downloaded" role="alert">
            {errorText(state.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={tryAgain} ref={takeFocus} data-autofocus>
              Try again
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

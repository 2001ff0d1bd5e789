import { ApiError, errorText } from '@/lib/core/api-error';
import type { BulkAction, ListController } from '@/components/list-kit/list-controller';
import { notify } from '@/lib/notify';
import { refreshAfterWrite } from '@/lib/query-client';
import { askToConfirm } from './confirm';

// A list's bulk action, from its confirmation to its summary (DECISIONS, "Lists: sort, select, export"). Loaded with
// import() on the first click of a bulk action's button (components/list-kit/list-view.tsx), never in a first load: nothing
// of it is needed before rows are selected and acted on.

const CONCURRENT = 4;

/**
 * Runs `run` over `items`, at most `limit` at once, and settles every one. Once the admin declines to confirm the
 * password the server asked for ('step-up'), the items not yet started fail with that refusal instead of asking again.
 */
async function settleAll<Item>(items: readonly Item[], limit: number, run: (item: Item) => Promise<unknown>) {
  const results: PromiseSettledResult<unknown>[] = new Array(items.length);
  let next = 0;
  let declined: ApiError | undefined;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      if (declined) {
        results[index] = { status: 'rejected', reason: declined };
        continue;
      }
      try {
        results[index] = { status: 'fulfilled', value: await run(items[index]!) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
        if (reason instanceof ApiError && reason.stepUp) declined = reason;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Asks once with the count (or the action's own question, a reason), then makes the action's single call for each selected row, four at a time; sums up once
 * (how many succeeded, how many failed and the server's words why) in a notification and in the list's live region,
 * leaves the failed rows selected, and refetches what the action changes once.
 */
export function confirmBulk<Row>(list: ListController<Row>, action: BulkAction<Row>) {
  const { bulkRun } = list;
  const targets = bulkRun.targets(action);
  if (action.ask) {
    void action.ask(targets.length, action.about?.(targets)).then((answer) => {
      if (answer !== undefined) void run(answer);
    });
    return;
  }
  askToConfirm({
    title: action.question(targets.length),
    message: 'Each selected row is changed on its own; the summary says how many succeeded.',
    note: action.about?.(targets),
    confirmLabel: action.label,
    cancelLabel: 'Cancel',
    danger: action.danger,
    onConfirm: () => void run(),
  });

  async function run(answer?: unknown) {
    bulkRun.start(action);
    const results = await settleAll(targets, CONCURRENT, (row) => action.run(row, answer));
    const failed = targets.filter((_row, index) => results[index]!.status === 'rejected');
    const words = [
      ...new Set(
        results.flatMap((result) =>
          result.status === 'rejected'
            ? [
                (result.reason instanceof ApiError ? result.reason.serverMessage : undefined) ??
                  action.fallback?.(result.reason) ??
                  errorText(result.reason),
              ]
            : [],
        ),
      ),
    ];
    const succeeded = action.done(targets.length - failed.length);
    const said = failed.length ? `${succeeded}, ${failed.length} failed: ${words.join('; ')}` : succeeded;
    bulkRun.summed(failed, said);
    if (failed.length) notify.error(said);
    else notify.success(said);
    await refreshAfterWrite(bulkRun.queryClient, bulkRun.invalidates);
    bulkRun.end();
  }
}

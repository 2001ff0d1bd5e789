import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError, errorText } from './api-error';
import type { BulkAction } from './list-controller';

// A list's bulk action, from its confirmation to its summary (DECISIONS, "Lists: sort, select, export"). Loaded with
// import() when an action is first confirmed (lib/list-controller.ts), never in a first load: nothing of it is
// needed before rows are selected and acted on.

const CONCURRENT = 4;

/** Runs `run` over `items`, at most `limit` at once, and settles every one. */
async function settleAll<Item>(items: readonly Item[], limit: number, run: (item: Item) => Promise<unknown>) {
  const results: PromiseSettledResult<unknown>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await run(items[index]!) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type BulkRun<Row> = {
  action: BulkAction<Row>;
  /** The selected rows, as they were when the action's button was clicked. */
  targets: readonly Row[];
  queryClient: QueryClient;
  /** Query keys, or resources by key, invalidated once when the action ends. */
  invalidates: readonly (QueryKey | string)[];
  /**
   * Its summary (for the list and the notification, which the caller raises: lib/notify.ts would make this module
   * list the entry chunk's stylesheets among its files), and the rows that failed (which stay selected).
   */
  onSummary: (failed: Row[], summary: string) => void;
};

/**
 * Makes the action's single call for each target, four at a time; sums up once (how many succeeded, how many failed
 * and the server's words why); and invalidates what the action changes once,
 * settling when that has been refetched.
 */
export async function runBulk<Row>({ action, targets, queryClient, invalidates, onSummary }: BulkRun<Row>) {
  const results = await settleAll(targets, CONCURRENT, action.run);
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
  onSummary(failed, said);
  await Promise.all(
    invalidates.map((target) =>
      queryClient.invalidateQueries({ queryKey: typeof target === 'string' ? [target] : target }),
    ),
  );
}

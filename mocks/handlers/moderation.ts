import { http } from 'msw';
import { db } from '../db';
import { apiPath, ok, refuseWithoutAdmin } from '../http';
import { paginate, paging, refusing, sortRows, type SortFields } from '../rules';

/**
 * Feedback, chat reports and chat blocks (SPEC 7.9): read-only pages, newest first, as the server answers them, or in
 * the order of one of their sort fields.
 */
const readOnly = <T extends { _id: string }>(path: string, rows: () => T[], sorts: SortFields<T>) =>
  http.get(
    apiPath(path),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const url = new URL(request.url);
      paging(url);
      return ok(
        paginate(
          sortRows(rows(), url, sorts, (row) => row._id),
          url,
        ),
      );
    }),
  );

export const moderationHandlers = [
  readOnly('feedback/list', () => db.feedbacks, {
    rating: (feedback) => [feedback.rating],
    created: (feedback) => [feedback.createdAt],
  }),
  readOnly('chat-report/list', () => db.chatReports, { created: (report) => [report.created] }),
  readOnly('chat-block/list', () => db.chatBlocks, { created: (block) => [block.created] }),
];

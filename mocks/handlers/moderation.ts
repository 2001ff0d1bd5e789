import { http } from 'msw';
import { db } from '../db';
import { apiPath, ok, refuseWithoutAdmin } from '../http';
import { paginate, refusing } from '../rules';

/** Feedback, chat reports and chat blocks (SPEC 7.9): read-only pages, newest first, as the server answers them. */
const readOnly = (path: string, rows: () => unknown[]) =>
  http.get(
    apiPath(path),
    refusing(({ request }) => refuseWithoutAdmin(request) ?? ok(paginate(rows(), new URL(request.url)))),
  );

export const moderationHandlers = [
  readOnly('feedback/list', () => db.feedbacks),
  readOnly('chat-report/list', () => db.chatReports),
  readOnly('chat-block/list', () => db.chatBlocks),
];

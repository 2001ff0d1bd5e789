import { proofRefusal } from './step-up';
import { http, HttpResponse } from 'msw';
import { CSV_BOM, csvHeadings, csvRow } from '@contract/csv';
import { plainText, REASON_MAX } from '@contract/moderation';
import { matchesEveryWord, searchedFields, searchWords } from '@contract/search-words';
import { USER_EXPORT_COLUMNS, userExportFileName, userExportSummary } from '@contract/user-export';
import { recordActivity } from '../activity';
import { db, type MockUser } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import { syncReviewItems } from '../review-queue';
import {
  id,
  nocase,
  oneOf,
  optionalJsonBody,
  paginate,
  paging,
  Refusal,
  refusing,
  search,
  sortRows,
  text,
  type SortFields,
} from '../rules';
import { offers } from '../scenario';
import {
  endOnActivation,
  inForceAnswer,
  inForceOf,
  openReportsOf,
  parseRestriction,
  restrict,
  strikesOf,
  sweepRestrictions,
} from '../restrictions';
import { OPEN_REPORTS_LISTED, RESTRICTION_MESSAGES } from '@contract/restrictions';
import { ADDRESS } from './sessions';

const SEARCHABLE: Record<string, keyof MockUser> = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  phoneNumber: 'phoneNumber',
};

/** The server's users list query (server/lib/user-list.ts), in its order of checks: the users it selects, in order. */
function selectUsers(url: URL) {
  const q = search(url.searchParams.get('q'));
  const requested = url.searchParams.get('fields');
  if (requested && requested.length > 200) throw new Refusal(400, 'Fields must be at most 200 characters');
  oneOf(url.searchParams.get('filter'), ['user.enabled'], "filter must be 'user.enabled'");
  oneOf(url.searchParams.get('equal'), ['true', 'false'], "equal must be 'true' or 'false'");
  oneOf(
    url.searchParams.get('planFilter'),
    ['silver', 'gold', 'platinum'],
    'planFilter must be silver, gold or platinum',
  );
  // Own properties only: "constructor" or "__proto__" name no field.
  const fields = searchedFields(
    (requested ?? 'name,email,phoneNumber')
      .split(',')
      .map((field) => field.trim())
      .filter((field) => Object.hasOwn(SEARCHABLE, field)),
  ).map((field) => SEARCHABLE[field]!);
  if (q && fields.length === 0)
    throw new Refusal(400, `Fields must name some of: ${Object.keys(SEARCHABLE).join(', ')}`);
  const equal = url.searchParams.get('equal');
  const plan = url.searchParams.get('planFilter');
  const words = searchWords(q ?? '');
  const rows = db.users.filter(
    (user) =>
      matchesEveryWord(
        words,
        fields.map((field) => String(user[field] ?? '')),
      ) &&
      (url.searchParams.get('filter') !== 'user.enabled' || !equal || String(user.enabled) === equal) &&
      (!plan || user.plan?.productId === plan),
  );
  // Ties in creation order, as the server's rowid.
  return sortRows(rows, url, 'users', USER_SORTS, (user) => user.createdAt);
}

const USER_SORTS: SortFields<MockUser, 'users'> = {
  name: (user) => [nocase(user.name), nocase(user.surname)],
  email: (user) => [nocase(user.email)],
  created: () => [],
  status: (user) => [user.enabled ? 1 : 0],
};

export const userHandlers = [
  http.get(
    apiPath('admin/list'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const url = new URL(request.url);
      // The server's order: paging, then the search, filters and sort.
      paging(url);
      if (offers('restrictions')) sweepRestrictions();
      const rows = selectUsers(url);
      // Like the real API, the list carries a summary of each user; the profile fields come from user/read.
      const summaries = rows.map(
        ({
          _id,
          name,
          surname,
          email,
          phoneNumber,
          countryCode,
          gender,
          enabled,
          isVerified,
          image1,
          image2,
          image3,
          image4,
          plan,
          createdAt,
          updatedAt,
        }) => ({
          _id,
          name,
          surname,
          email,
          phoneNumber,
          countryCode,
          gender,
          enabled,
          isVerified,
          image1,
          image2,
          image3,
          image4,
          plan,
          createdAt,
          updatedAt,
          ...(offers('restrictions') ? strikesOf(_id) : {}),
        }),
      );
      return ok(paginate(summaries, url));
    }),
  ),

  // The list as the server's CSV ('users-export'): every selected user, in order, with the count up front; logged
  // as the server logs it.
  http.get(
    apiPath('admin/list/export'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request) ?? proofRefusal(request);
      if (refusal) return refusal;
      const url = new URL(request.url);
      const rows = selectUsers(url);
      const at = new Date();
      recordActivity({
        action: 'export',
        recordType: 'user-list',
        recordId: null,
        recordName: userExportFileName(at),
        summary: userExportSummary((name) => url.searchParams.get(name) ?? undefined, rows.length, ADDRESS),
      });
      const csv = rows.map((user) => csvRow(USER_EXPORT_COLUMNS, user)).join('');
      return new HttpResponse(CSV_BOM + csvHeadings(USER_EXPORT_COLUMNS) + csv, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${userExportFileName(at)}"`,
          'X-Total-Count': String(rows.length),
          'Cache-Control': 'no-store',
        },
      });
    }),
  ),

  http.patch(
    apiPath('admin/status/:userId'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const userId = id(params.userId);
      const query = new URL(request.url).searchParams;
      const enabled = oneOf(
        query.get('enabled') ?? '',
        ['true', 'false'],
        "enabled must be 'true' or 'false'",
      );
      // 'status-reason', in a JSON body { reason } or the query, as the server takes it; SPEC's API reads no reason.
      const body = await optionalJsonBody(request);
      const inBody = Object.hasOwn(body, 'reason') ? body.reason : undefined;
      if (inBody !== undefined && query.has('reason'))
        throw new Refusal(400, 'Send the reason once, in the body or in the query');
      const given = inBody ?? query.get('reason');
      const reason = offers('status-reason')
        ? text('Reason', typeof given === 'string' ? plainText(given) : given, { max: REASON_MAX }) || null
        : null;
      // 'restrictions': a deactivation carries a `restriction` in the body, checked as the server does.
      const restriction = offers('restrictions')
        ? parseRestriction(Object.hasOwn(body, 'restriction') ? body.restriction : undefined)
        : undefined;
      if (restriction && enabled === 'true') throw new Refusal(400, RESTRICTION_MESSAGES.onlyDeactivation);
      // With 'restrictions', every deactivation is one: a bare enabled=false is refused, as the server does.
      if (!restriction && enabled === 'false' && offers('restrictions'))
        throw new Refusal(400, RESTRICTION_MESSAGES.policyRequired, 'policyId');
      const user = db.users.find((item) => item._id === userId);
      if (!user) return notFound('User');
      if (restriction)
        return ok({ message: 'User deactivated successfully', result: restrict(user, restriction) });
      if (enabled === 'true' && offers('restrictions')) endOnActivation(user._id);
      user.enabled = enabled === 'true';
      user.updatedAt = new Date().toISOString();
      recordActivity({
        action: user.enabled ? 'activate' : 'deactivate',
        recordType: 'user',
        recordId: user._id,
        recordName: [user.name, user.surname].filter(Boolean).join(' '),
        summary: user.enabled ? 'Activated' : 'Deactivated',
        reason,
      });
      return ok({ message: user.enabled ? 'User activated successfully' : 'User deactivated successfully' });
    }),
  ),

  // What restricting a member would act on ('restrictions'): their restriction in force and Open chat reports.
  http.get(
    apiPath('admin/restrictions/member/:userId'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('restrictions')) return fail(404, 'No such API route');
      const userId = id(params.userId);
      const user = db.users.find((item) => item._id === userId);
      if (!user) return notFound('User');
      syncReviewItems(db.reviewItems, db.chatReports);
      const open = openReportsOf(userId);
      const person = (personId: string) => {
        const found = db.users.find((item) => item._id === personId);
        return found ? { _id: found._id, name: found.name, surname: found.surname } : null;
      };
      return ok({
        result: {
          inForce: inForceAnswer(inForceOf(userId)),
          openReports: {
            count: open.length,
            items: open.slice(0, OPEN_REPORTS_LISTED).map((report) => {
              const item = db.reviewItems.find(
                (candidate) => candidate.kind === 'chat-report' && candidate.ref === report._id,
              );
              return {
                _id: report._id,
                message: report.message,
                createdAt: report.createdAt,
                reporter: person(report.user),
                item: item ? { _id: item._id, state: item.state, assignee: item.assignee } : null,
              };
            }),
          },
        },
      });
    }),
  ),

  http.get(
    apiPath('user/read/:userId'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const userId = id(params.userId);
      if (offers('restrictions')) sweepRestrictions();
      const user = db.users.find((item) => item._id === userId);
      if (!user) return notFound('User');
      const { plan, ...result } = user;
      return ok({
        status: 200,
        result: offers('restrictions') ? { ...result, ...strikesOf(user._id) } : result,
        plan,
      });
    }),
  ),
];

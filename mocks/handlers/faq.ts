import { http } from 'msw';
import { TEXT_MAX } from '@contract/limits';
import { changeSummary, recordActivity } from '../activity';
import { db, nextId, type MockFaq } from '../db';
import { apiPath, notFound, ok, refuseWithoutAdmin } from '../http';
import { bool, id, inField, jsonBody, listAllQuery, refusing, requiredText } from '../rules';
import { nextVersion, refuseStaleWrite } from '../versions';

/** The server's rules for a FAQ (server/routes/resources.ts), in its order. */
function faqFields(body: Record<string, unknown>) {
  return {
    question: inField('question', () =>
      requiredText('Question', body.question, { max: TEXT_MAX.faq.question }),
    ),
    answer: inField('answer', () => requiredText('Answer', body.answer, { max: TEXT_MAX.faq.answer })),
    enabled: inField('enabled', () => bool('Enabled', body.enabled)),
  };
}

export const faqHandlers = [
  http.get(
    apiPath('faq/listAll'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      listAllQuery(new URL(request.url));
      return ok({ result: db.faqs, pagination: { count: db.faqs.length } });
    }),
  ),

  http.get(
    apiPath('faq/read/:id'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const faq = db.faqs.find((item) => item._id === id(params.id));
      return faq ? ok({ result: faq }) : notFound('Faq');
    }),
  ),

  http.post(
    apiPath('faq/create'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const stamp = new Date().toISOString();
      const faq: MockFaq = {
        _id: nextId(),
        ...faqFields(await jsonBody(request)),
        createdAt: stamp,
        updatedAt: stamp,
      };
      db.faqs.push(faq);
      recordActivity({
        action: 'create',
        recordType: 'faq',
        recordId: faq._id,
        recordName: faq.question,
        summary: 'Created',
      });
      return ok({ message: 'Faq created successfully', result: faq });
    }),
  ),

  http.patch(
    apiPath('faq/update/:id'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const faqId = id(params.id);
      const body = await jsonBody(request);
      const faq = db.faqs.find((item) => item._id === faqId);
      if (!faq) return notFound('Faq');
      const fields = faqFields(body);
      const stale = refuseStaleWrite(request, faq.updatedAt);
      if (stale) return stale;
      const summary = changeSummary(faq, fields, ['answer']);
      Object.assign(faq, fields, { updatedAt: nextVersion(faq.updatedAt) });
      recordActivity({
        action: 'update',
        recordType: 'faq',
        recordId: faq._id,
        recordName: faq.question,
        summary,
      });
      return ok({ message: 'Faq updated successfully', result: faq });
    }),
  ),

  http.delete(
    apiPath('faq/delete/:id'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const faqId = id(params.id);
      const faq = db.faqs.find((item) => item._id === faqId);
      if (!faq) return notFound('Faq');
      db.faqs = db.faqs.filter((item) => item !== faq);
      recordActivity({
        action: 'delete',
        recordType: 'faq',
        recordId: faqId,
        recordName: faq.question,
        summary: 'Deleted',
      });
      return ok({ message: 'Faq deleted successfully' });
    }),
  ),
];

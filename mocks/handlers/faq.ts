import { http } from 'msw';
import { db, nextId, type MockFaq } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';

type FaqBody = Partial<Pick<MockFaq, 'question' | 'answer' | 'enabled'>>;

function invalid(body: FaqBody): string | null {
  if (!body.question?.trim()) return 'Question is required';
  if (!body.answer?.trim()) return 'Answer is required';
  if (typeof body.enabled !== 'boolean') return 'Enabled must be true or false';
  return null;
}

export const faqHandlers = [
  http.get(apiPath('faq/listAll'), ({ request }) => refuseWithoutAdmin(request) ?? ok({ result: db.faqs })),

  http.get(apiPath('faq/read/:id'), ({ request, params }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const faq = db.faqs.find((item) => item._id === params.id);
    return faq ? ok({ result: faq }) : notFound('Faq');
  }),

  http.post(apiPath('faq/create'), async ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const body = (await request.json()) as FaqBody;
    const problem = invalid(body);
    if (problem) return fail(400, problem);
    const faq: MockFaq = {
      _id: nextId(),
      question: body.question!,
      answer: body.answer!,
      enabled: body.enabled!,
    };
    db.faqs.push(faq);
    return ok({ message: 'Faq created', result: faq });
  }),

  http.patch(apiPath('faq/update/:id'), async ({ request, params }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const faq = db.faqs.find((item) => item._id === params.id);
    if (!faq) return notFound('Faq');
    const body = (await request.json()) as FaqBody;
    const problem = invalid(body);
    if (problem) return fail(400, problem);
    Object.assign(faq, { question: body.question, answer: body.answer, enabled: body.enabled });
    return ok({ message: 'Faq updated', result: faq });
  }),

  http.delete(apiPath('faq/delete/:id'), ({ request, params }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const before = db.faqs.length;
    db.faqs = db.faqs.filter((item) => item._id !== params.id);
    return db.faqs.length < before ? ok({ message: 'Faq deleted' }) : notFound('Faq');
  }),
];

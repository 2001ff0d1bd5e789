import { describe, expect, it } from 'vitest';
import { eventFields, form, makeServer, offerFields } from './harness';

/**
 * A 400 that refuses one field of the request names it (`field`, beside SPEC's success and message), so that a form
 * says the refusal under that field; a refusal of nothing in particular names none.
 */
describe('a refusal of one field', () => {
  it('names the field, in JSON and in multipart bodies', async () => {
    const s = await makeServer();
    const cases = [
      {
        call: s.call('POST', '/api/faq/create', {
          json: { question: 'x'.repeat(1001), answer: 'a', enabled: true },
        }),
        answer: { message: 'Question must be at most 1000 characters', field: 'question' },
      },
      {
        call: s.call('POST', '/api/faq/create', { json: { question: 'Q', answer: 'A', enabled: 'maybe' } }),
        answer: { message: 'Enabled must be true or false', field: 'enabled' },
      },
      {
        call: s.call('POST', '/api/offer/create', { form: form({ ...offerFields(), off: '101' }) }),
        answer: { message: 'Off must be at most 100', field: 'off' },
      },
      {
        call: s.call('POST', '/api/offer/create', {
          form: form({ ...offerFields(), expireDate: '2020-01-01' }),
        }),
        answer: { message: 'Expire date must be today or later', field: 'expireDate' },
      },
      {
        call: s.call('POST', '/api/offer/create', {
          form: form(
            Object.fromEntries(Object.entries(offerFields()).filter(([name]) => name !== 'document')),
          ),
        }),
        answer: { message: 'Offer image is required', field: 'document' },
      },
      {
        call: s.call('POST', '/api/event/create', { form: form({ ...eventFields(), endTime: '17:00' }) }),
        answer: { message: 'End time must be after start time', field: 'endTime' },
      },
      {
        call: s.call('POST', '/api/mail-send/create', { json: { title: '', body: 'B', users: 'all' } }),
        answer: { message: 'Title is required', field: 'title' },
      },
    ];
    for (const { call, answer } of cases) {
      const { status, body } = await call;
      expect(status, answer.message).toBe(400);
      expect(body).toEqual({ success: false, ...answer });
    }
  });

  it('names no field when the refusal is not about one', async () => {
    const s = await makeServer();
    const { status, body } = await s.call('POST', '/api/faq/create', {
      body: '[1]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message: 'The request body must be a JSON object' });
    const sorted = await s.call('GET', '/api/offer/list?sort=colour');
    expect(sorted.status).toBe(400);
    expect(sorted.body).not.toHaveProperty('field');
  });
});

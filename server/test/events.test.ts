import { describe, expect, it } from 'vitest';
import { eventFields, form, makeServer } from './harness';

describe('events', () => {
  it('refuses an event that ends when or before it starts, on create and update, and stores nothing', async () => {
    const { call, db } = await makeServer();
    for (const [startTime, endTime] of [
      ['19:00', '18:00'],
      ['19:00', '19:00'],
    ] as const) {
      const answer = await call('POST', '/api/event/create', {
        form: form({ ...eventFields(), startTime, endTime }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        message: 'End time must be after start time',
        field: 'endTime',
      });
    }
    expect(await db.one('SELECT count(*) AS n FROM events')).toEqual({ n: 0 });

    const created = await call('POST', '/api/event/create', { form: form(eventFields()) });
    expect(created.status).toBe(200);
    const id = (created.body.result as { _id: string })._id;
    const { file: _image, ...withoutImage } = eventFields();
    const refused = await call('PATCH', `/api/event/update/${id}`, {
      form: form({ ...withoutImage, startTime: '22:00', endTime: '21:59' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('End time must be after start time');
    const stored = await call('GET', `/api/event/read/${id}`);
    expect(stored.body.result).toMatchObject({ startTime: '18:30', endTime: '21:00' });
  });
});

import { describe, expect, it } from 'vitest';
import { summarise } from '../lib/activity';
import { makeServer } from './harness';

describe('activity summaries name fields as the console does', () => {
  it("uses the record type's screen labels, then the common ones, then the name as words", () => {
    expect(
      summarise(
        [
          { name: 'name', kind: 'text', before: 'Oxford', after: 'Oxford University' },
          { name: 'enabled', kind: 'status', before: 1, after: 0 },
        ],
        'university',
      ),
    ).toBe('University Name: "Oxford" → "Oxford University"; Status: Active → Inactive');
    expect(
      summarise(
        [
          { name: 'brandLogo', kind: 'file' },
          { name: 'off', kind: 'number', before: 10, after: 15 },
        ],
        'offer',
      ),
    ).toBe('Brand Logo replaced; Off (%): 10 → 15');
    expect(summarise([{ name: 'termsCondition', kind: 'html' }], 'setting')).toBe(
      'Terms & Condition changed',
    );
    expect(summarise([{ name: 'numberOfSeats', kind: 'number', before: 1, after: 2 }], 'event')).toBe(
      'Number of seats: 1 → 2',
    );
  });

  it('writes the labels into the log through the API', async () => {
    const s = await makeServer();
    const created = await s.call('POST', '/api/university/create', {
      json: { name: 'Oxford', description: 'Old', enabled: true },
    });
    const id = (created.body.result as { _id: string })._id;
    await s.call('PATCH', `/api/university/update/${id}`, {
      json: { name: 'Oxford University', description: 'Old', enabled: false },
    });
    const log = await s.call('GET', '/api/activity/list?limit=1');
    expect((log.body.result as { summary: string }[])[0]?.summary).toBe(
      'University Name: "Oxford" → "Oxford University"; Status: Active → Inactive',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { userExportSummary } from '../../contract/user-export';
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

describe("a users export's entry says what was exported in words", () => {
  const query = (params: string) => (name: string) => new URLSearchParams(params).get(name) ?? undefined;

  it('counts with thousands separators and one user in the singular', () => {
    expect(
      userExportSummary(
        query(
          'filter=user.enabled&equal=true&planFilter=platinum&q=ana&fields=name,email,phoneNumber&sort=created',
        ),
        1234,
        '203.0.113.5',
      ),
    ).toBe(
      'Exported 1,234 users as CSV from 203.0.113.5: status Active, plan Platinum, search "ana", sorted by date joined',
    );
    expect(userExportSummary(query('sort=status&order=desc'), 1, '::1')).toBe(
      'Exported 1 user as CSV from ::1: sorted by status, descending',
    );
  });

  it('quotes the words searched for so that no search reads as something else', () => {
    expect(
      userExportSummary(query(`q=${encodeURIComponent('ana", plan Gold\n\u202Eb  \\c')}`), 3, 'unknown'),
    ).toBe('Exported 3 users as CSV from unknown: search "ana\\", plan Gold b \\\\c"');
  });

  it('names only what the export applied: a status without its filter, empty values and a blank search are none', () => {
    expect(userExportSummary(query('equal=false&planFilter=&q=%20%20&sort=&order=desc'), 2, 'unknown')).toBe(
      'Exported 2 users as CSV from unknown: all users',
    );
  });
});

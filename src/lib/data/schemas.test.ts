import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { flag, optionalDate, optionalNumber, text, userRef } from './schemas';

const record = z.object({
  label: text,
  on: flag,
  count: optionalNumber,
  when: optionalDate,
  owner: z.optional(userRef),
});

describe('response building blocks', () => {
  it('accept missing and null fields, giving screens clean values', () => {
    expect(record.parse({})).toEqual({ label: '', on: false, count: null, when: null });
    expect(record.parse({ label: null, on: null, count: null, when: null })).toEqual({
      label: '',
      on: false,
      count: null,
      when: null,
    });
  });

  it('accept numbers and booleans sent as strings', () => {
    expect(record.parse({ label: 'x', on: 'true', count: '42', when: '2024-12-05T15:30:00Z' })).toEqual({
      label: 'x',
      on: true,
      count: 42,
      when: '2024-12-05T15:30:00Z',
    });
    expect(record.parse({ count: 'not a number' }).count).toBeNull();
  });

  it('accept a populated or a bare reference', () => {
    expect(record.parse({ owner: { _id: 'u1', name: 'Ann' } }).owner).toEqual({ _id: 'u1', name: 'Ann' });
    expect(record.parse({ owner: { _id: 'u1', name: 'Ann', surname: 'Lee' } }).owner).toEqual({
      _id: 'u1',
      name: 'Ann',
      surname: 'Lee',
    });
    expect(record.parse({ owner: 'u1' }).owner).toEqual({ _id: 'u1', name: '' });
  });

  it('still refuse the wrong shapes', () => {
    expect(record.safeParse({ label: 5 }).success).toBe(false);
    expect(record.safeParse({ on: 'yes' }).success).toBe(false);
  });
});

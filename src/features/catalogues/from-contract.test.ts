import { describe, expect, it } from 'vitest';
import { offer } from '@contract/catalogues/offer';
import { fieldsOf } from './from-contract';

describe('a declaration takes its fields as the contract declares them', () => {
  const field = fieldsOf(offer);

  it("takes a number's minimum and whole numbers, a date's earliest day and a file's name from the API", () => {
    expect(field.number('minimumMember', 'Minimum Members')).toMatchObject({ min: 0, whole: true });
    expect(field.date('expireDate', 'Expire Date', 'Please select expire date')).toMatchObject({
      fromToday: true,
    });
    expect(field.image('brandLogo', 'Brand Logo', 'Brand logo is required')).toMatchObject({
      upload: 'file',
    });
  });

  it('refuses to load a field the API does not take, or one required on one side only', () => {
    expect(() => field.text('subtitle', 'Subtitle', 'Please enter subtitle')).toThrow(
      'Offer: the API takes no text field subtitle',
    );
    expect(() => field.number('off', 'Off (%)')).toThrow('Offer: off is required in the API');
    expect(() => field.number('minimumMember', 'Minimum Members', 'Please enter members')).toThrow(
      'Offer: minimumMember is optional in the API',
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fillNotice,
  fillTemplate,
  PLACEHOLDER_NAMES,
  placeholderProblem,
  placeholdersIn,
  TEMPLATE_MESSAGES,
} from '@contract/notice-templates';

/** Text with no braces: what a template says between its placeholders, and what a value may be. */
const plain = fc.string({ maxLength: 20 }).map((text) => text.replace(/[{}]/g, ''));
const known = fc.constantFrom(...PLACEHOLDER_NAMES);
/** A template: plain text and placeholders of PLACEHOLDER_NAMES, some written with spaces inside the braces. */
const template = fc
  .array(
    fc.oneof(
      plain,
      fc.tuple(known, fc.boolean()).map(([name, spaced]) => (spaced ? `{{ ${name} }}` : `{{${name}}}`)),
    ),
    {
      maxLength: 12,
    },
  )
  .map((parts) => parts.join(''));
const values = fc.dictionary(known, fc.oneof(plain, fc.constant(''), fc.constant('   ')));

describe('fillTemplate', () => {
  it('replaces each placeholder by its value, spaces inside the braces or not', () => {
    expect(
      fillTemplate('Hello {{member_name}}, about {{ policy }}: {{facts}}.', {
        member_name: 'Ann Doe',
        policy: 'Spam or scam',
        facts: ' Sent links ',
      }),
    ).toEqual({ text: 'Hello Ann Doe, about Spam or scam: Sent links.', unfilled: [] });
  });

  it('leaves a placeholder without a value (missing, empty or blank) as written, and names it once', () => {
    expect(
      fillTemplate('{{member_name}} {{ reference }} {{end_date}} {{reference}}', {
        member_name: 'Ann',
        reference: '  ',
        end_date: '',
      }),
    ).toEqual({
      text: 'Ann {{ reference }} {{end_date}} {{reference}}',
      unfilled: ['reference', 'end_date'],
    });
  });

  it("never reads a value's own braces as a placeholder", () => {
    expect(fillTemplate('{{facts}} {{policy}}', { facts: '{{policy}}', policy: 'Spam' })).toEqual({
      text: '{{policy}} Spam',
      unfilled: [],
    });
  });

  it('fills subject and body together, naming what is unfilled in either once', () => {
    expect(
      fillNotice(
        { subject: 'About {{policy}}', body: '{{member_name}}: {{policy}} until {{end_date}}' },
        {
          member_name: 'Ann',
        },
      ),
    ).toEqual({
      subject: 'About {{policy}}',
      body: 'Ann: {{policy}} until {{end_date}}',
      unfilled: ['policy', 'end_date'],
    });
  });

  it('names as unfilled exactly the placeholders whose value is blank, and leaves no other placeholder', () => {
    fc.assert(
      fc.property(template, values, (text, given) => {
        const { text: filled, unfilled } = fillTemplate(text, given);
        const blank = placeholdersIn(text).filter((name) => !given[name]?.trim());
        expect(unfilled).toEqual(blank);
        expect(placeholdersIn(filled).sort()).toEqual([...blank].sort());
      }),
    );
  });

  it('changes nothing when no value is given, and fills the same text when every value is given', () => {
    fc.assert(
      fc.property(template, (text) => {
        expect(fillTemplate(text, {})).toEqual({ text, unfilled: placeholdersIn(text) });
        const everything = Object.fromEntries(PLACEHOLDER_NAMES.map((name) => [name, `<${name}>`]));
        const { text: filled, unfilled } = fillTemplate(text, everything);
        expect(unfilled).toEqual([]);
        expect(filled).toBe(text.replace(/\{\{ ?(\w+) ?\}\}/g, '<$1>'));
      }),
    );
  });
});

describe("a template's placeholders", () => {
  it('accepts any template of known placeholders', () => {
    fc.assert(
      fc.property(template, (text) => {
        expect(placeholderProblem(text)).toBeNull();
      }),
    );
  });

  it('refuses an unknown placeholder by its name, and a placeholder left open', () => {
    expect(placeholderProblem('Dear {{ name }}')).toBe(TEMPLATE_MESSAGES.unknownPlaceholder('name'));
    expect(placeholderProblem('Dear {{}}')).toBe(TEMPLATE_MESSAGES.unknownPlaceholder(''));
    expect(placeholderProblem('Dear {{member_name')).toBe(TEMPLATE_MESSAGES.unclosedPlaceholder);
    expect(placeholderProblem('Braces { and } alone are text')).toBeNull();
  });

  it('says what to fill before sending', () => {
    expect(TEMPLATE_MESSAGES.unfilled(['policy', 'end_date'])).toBe(
      'Fill in {{policy}}, {{end_date}} before sending',
    );
  });
});

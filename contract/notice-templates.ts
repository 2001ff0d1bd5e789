/**
 * Notice templates ('notice-templates'): the warnings and notices a moderator sends a member, written once per policy
 * (a Report Element, or none for any policy) by an Owner. A template's subject and body name what changes from one
 * member to the next as placeholders, `{{name}}`, which the moderator fills before sending; a message with a
 * placeholder left unfilled is never sent.
 */

export const TEMPLATE_KINDS = ['warning', 'notice'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const TEMPLATE_KIND_LABELS: Record<TemplateKind, string> = { warning: 'Warning', notice: 'Notice' };

/**
 * The placeholders a template may name, with what each stands for. `{{ name }}` (spaces inside the braces) is the same
 * placeholder as `{{name}}`.
 */
export const PLACEHOLDERS = {
  member_name: "The member's name",
  policy: 'The policy (Report Element) the message cites',
  facts: 'The facts and circumstances',
  reference: "The restriction's reference (R-…)",
  end_date: 'When a suspension ends',
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;
export const PLACEHOLDER_NAMES = Object.keys(PLACEHOLDERS) as Placeholder[];

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 5000;

/** The longest value one placeholder takes when a message is filled (the facts' limit, contract/restrictions.ts). */
export const PLACEHOLDER_VALUE_MAX = 2000;

/** The server's refusals (400) and the console's messages for the same checks. */
export const TEMPLATE_MESSAGES = {
  kindInvalid: `Kind must be one of ${TEMPLATE_KINDS.join(', ')}`,
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${TEMPLATE_NAME_MAX} characters`,
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${TEMPLATE_SUBJECT_MAX} characters`,
  bodyRequired: 'Message is required',
  bodyTooLong: `Message must be at most ${TEMPLATE_BODY_MAX} characters`,
  policyUnknown: 'The policy is not a Report Element',
  /** A `{{…}}` that names no placeholder of PLACEHOLDERS. */
  unknownPlaceholder: (name: string) =>
    `{{${name}}} is not a placeholder; use ${PLACEHOLDER_NAMES.map((known) => `{{${known}}}`).join(', ')}`,
  /** A `{{` with no `}}` after it. */
  unclosedPlaceholder: 'A placeholder opened with {{ is not closed with }}',
  valueTooLong: (name: string) => `{{${name}}} must be at most ${PLACEHOLDER_VALUE_MAX} characters`,
  /** Sending (or rendering for sending) with placeholders left unfilled. */
  unfilled: (names: readonly string[]) =>
    `Fill in ${names.map((name) => `{{${name}}}`).join(', ')} before sending`,
  notFound: 'Template not found',
} as const;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders `text` names, each once, in the order they first appear. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * What is wrong with a template's text (its subject or body), or null: a `{{…}}` that is not one of PLACEHOLDERS, or a
 * `{{` left open.
 */
export function placeholderProblem(text: string): string | null {
  const unknown = placeholdersIn(text).find((name) => !Object.hasOwn(PLACEHOLDERS, name));
  if (unknown !== undefined) return TEMPLATE_MESSAGES.unknownPlaceholder(unknown);
  if (text.replace(PLACEHOLDER, '').includes('{{')) return TEMPLATE_MESSAGES.unclosedPlaceholder;
  return null;
}

export type PlaceholderValues = Partial<Record<string, string | null | undefined>>;

/**
 * `text` with each placeholder replaced by its value, in one pass (a value's own braces are never read as a
 * placeholder), and the placeholders left as they were because their value is missing or blank, each once, in order.
 * Values are used as given (trimmed at their ends); the text is never otherwise changed.
 */
export function fillTemplate(text: string, values: PlaceholderValues): { text: string; unfilled: string[] } {
  const unfilled = new Set<string>();
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name]?.trim() : undefined;
    if (value) return value;
    unfilled.add(name);
    return whole;
  });
  return { text: filled, unfilled: [...unfilled] };
}

/** A template's subject and body filled together; `unfilled` names each placeholder left in either, once. */
export function fillNotice(
  template: { subject: string; body: string },
  values: PlaceholderValues,
): { subject: string; body: string; unfilled: string[] } {
  const subject = fillTemplate(template.subject, values);
  const body = fillTemplate(template.body, values);
  return {
    subject: subject.text,
    body: body.text,
    unfilled: [...new Set([...subject.unfilled, ...body.unfilled])],
  };
}

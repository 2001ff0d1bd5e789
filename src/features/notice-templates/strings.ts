import { PLACEHOLDERS, TEMPLATE_KIND_LABELS, type Placeholder } from '@contract/notice-templates';

/** The notice templates' screens and picker ('notice-templates'); the API's messages are contract/notice-templates.ts's. */
export const TEMPLATES_TEXT = {
  listTitle: 'Notice templates',
  addTitle: 'Add template',
  updateTitle: 'Update template',
  add: 'Add template',
  name: 'Name',
  kind: 'Kind',
  policy: 'Policy',
  subject: 'Subject',
  body: 'Message',
  action: 'Action',
  everyKind: 'Every kind',
  everyPolicy: 'Every policy',
  anyPolicy: 'Any policy',
  kindRequired: 'Please choose warning or notice',
  placeholdersTitle: 'Placeholders',
  placeholdersHint: 'Write a placeholder as {{name}}; it is filled in before a message is sent.',
  empty: 'No templates yet',
  readOnly: 'Only an Owner can change the templates.',
  added: 'Template added',
  updated: 'Template updated',
  deleted: 'Template deleted',
  back: 'Back to templates',
  // The picker.
  template: 'Template',
  chooseTemplate: 'Choose a template',
  noTemplates: 'No templates for this policy',
  preview: 'Message to send',
  send: 'Send',
  loadingTemplates: 'Loading templates…',
} as const;

export const kindLabel = (kind: string) =>
  Object.hasOwn(TEMPLATE_KIND_LABELS, kind)
    ? TEMPLATE_KIND_LABELS[kind as keyof typeof TEMPLATE_KIND_LABELS]
    : kind;

/** A placeholder's field label in the picker: what it stands for. */
export const placeholderLabel = (name: string) =>
  Object.hasOwn(PLACEHOLDERS, name) ? PLACEHOLDERS[name as Placeholder] : name;

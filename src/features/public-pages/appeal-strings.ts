/** The appeal's public pages ('appeals'): the request, and the page its mailed link opens. */
export const APPEAL_TEXT = {
  title: 'Appeal a decision on your account',
  intro:
    'If we restricted your account and you think the decision is wrong, tell us why. Give the e-mail address of your account and the reference from the statement of reasons we sent you (R- and 8 letters and digits).',
  email: 'E-mail address',
  reference: 'Reference',
  referenceHint: 'For example R-7K2M9QXD',
  statement: 'Why should we review the decision?',
  submit: 'Send appeal',
  sent: 'Appeal sent',
  confirmTitle: 'Confirm your appeal',
  confirmIntro:
    'Confirm to send your appeal to our team. A member of the team other than the person who decided will review it.',
  confirm: 'Confirm my appeal',
  confirmed: 'Appeal confirmed',
  noToken: 'This link is incomplete. Please open the link from the e-mail again.',
} as const;

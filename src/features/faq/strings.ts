/** Every FAQ string of SPEC.md (2.9, 5, 8), verbatim. */
export const FAQ_TEXT = {
  listTitle: 'FAQ',
  addTitle: 'Add Faq',
  updateTitle: 'Update Faq',
  question: 'Question',
  answer: 'Answer',
  viewAnswer: 'View answer',
  status: 'Status',
  action: 'Action',
  questionRequired: 'Please enter question',
  answerRequired: 'Please enter answer',
  statusRequired: 'Please select status',
  added: 'Faq added successfully!',
  updated: 'Faq updated successfully!',
  deleted: 'Faq deleted successfully!',
} as const;

import { reportElement as API } from '@contract/catalogues/report-element';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/** Report element (SPEC 2.10, 5, 7.5, 8). */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.reportElement,
  ...callsOf(API),
  columns: [column.index(), column.text('Message', 'message'), column.status(), column.actions()],
  fields: [
    field.text('message', 'Message', 'Please enter message'),
    field.status('Please select status'),
    // 'restrictions': what the member reads of this policy in a statement of reasons.
    field.textarea('explanation', 'Explanation for members', ''),
  ],
  messages: {
    added: 'Report element added successfully!',
    updated: 'Report element updated successfully!',
    deleted: 'Report element deleted successfully!',
  },
  emptyText: 'No report elements yet',
});

import { setting as API } from '@contract/catalogues/setting';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/**
 * Setting (SPEC 2.11, 5, 7.6, 8): a single record whose two texts are the list's rows, each viewed in a dialog.
 * Edit only; Add shows while no record exists. Create is JSON, update is multipart to update-with-image.
 */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.setting,
  ...callsOf(API),
  singleRecord: {
    header: ['Name', 'View', 'Action'],
    rows: [
      { label: 'Privacy', field: 'privacy', dialogTitle: 'Privacy Policy' },
      { label: 'Terms & Condition', field: 'termsCondition', dialogTitle: 'Terms & Condition Policy' },
    ],
  },
  fields: [
    field.html('privacy', 'Privacy', 'Please enter privacy'),
    field.html('termsCondition', 'Terms & Condition', 'Please enter terms & condition'),
  ],
  messages: { added: 'Setting added successfully!', updated: 'Setting updated successfully!' },
  emptyText: 'No setting yet',
});

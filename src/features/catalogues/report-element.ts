import { column } from '@/lib/declared-columns';
import { defineCatalogue, field } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';

/** Report element (SPEC 2.10, 5, 7.5, 8). */
export const reportElement = defineCatalogue({
  ...CATALOGUE_ENTRIES.reportElement,
  api: {
    list: 'reportelement/listAll',
    read: 'reportelement/read/:id',
    create: 'reportelement/create',
    update: 'reportelement/update/:id',
    remove: 'reportelement/delete/:id',
  },
  record: { message: 'text' },
  columns: [column.index(), column.text('Message', 'message'), column.status(), column.actions()],
  fields: [field.text('message', 'Message', 'Please enter message'), field.status('Please select status')],
  messages: {
    added: 'Report element added successfully!',
    updated: 'Report element updated successfully!',
    deleted: 'Report element deleted successfully!',
  },
  emptyText: 'No report elements yet',
});

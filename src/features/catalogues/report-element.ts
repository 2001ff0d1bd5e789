import { IconFlag } from '@tabler/icons-react';
import { column, defineCatalogue, field } from './define-catalogue';

/** Report element (SPEC 2.10, 5, 7.5, 8). */
export const reportElement = defineCatalogue({
  key: 'report-element',
  title: 'Report Element',
  menuIcon: IconFlag,
  routes: {
    list: '/report-element',
    add: '/report-element/add',
    update: '/report-element/update/:reportElementId',
  },
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

import { IconPray } from '@tabler/icons-react';
import { column, defineCatalogue, field } from './define-catalogue';

/** Religious beliefs (SPEC 2.24, 5, 7.13, 8). Quirk: 'Religiou beliefs added successfully!' is spelled so. */
export const religiousBeliefs = defineCatalogue({
  key: 'religious-beliefs',
  title: 'Religious Beliefs',
  menuIcon: IconPray,
  routes: {
    list: '/religious-beliefs',
    add: '/religious-beliefs/add',
    update: '/religious-beliefs/update/:ReligiousBeliefsId',
  },
  api: {
    list: 'religiousbelief/listAll',
    read: 'religiousbelief/read/:id',
    create: 'religiousbelief/create',
    update: 'religiousbelief/update/:id',
    remove: 'religiousbelief/delete/:id',
  },
  record: { name: 'text' },
  columns: [column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please Enter Religious Name'), field.status('Please select status')],
  messages: {
    added: 'Religiou beliefs added successfully!',
    updated: 'Religious beliefs updated successfully!',
    deleted: 'Religious Beliefs deleted successfully!',
  },
  emptyText: 'No religious beliefs yet',
});

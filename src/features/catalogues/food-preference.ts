import { IconToolsKitchen2 } from '@tabler/icons-react';
import { column, defineCatalogue, field } from './define-catalogue';

/** Food preference (SPEC 2.23, 5, 7.13, 8). Quirk: its delete says 'Hobbies deleted successfully!'. */
export const foodPreference = defineCatalogue({
  key: 'food-preference',
  title: 'Food Preference',
  menuIcon: IconToolsKitchen2,
  routes: {
    list: '/food-preference',
    add: '/food-preference/add',
    update: '/food-preference/update/:foodPreferenceId',
  },
  api: {
    list: 'foodpreference/listAll',
    read: 'foodpreference/read/:id',
    create: 'foodpreference/create',
    update: 'foodpreference/update/:id',
    remove: 'foodpreference/delete/:id',
  },
  record: { name: 'text' },
  columns: [column.index(), column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please enter name'), field.status('Please select status')],
  messages: {
    added: 'Food Preference added successfully!',
    updated: 'Food Preference updated successfully!',
    deleted: 'Hobbies deleted successfully!',
  },
  emptyText: 'No food preferences yet',
});

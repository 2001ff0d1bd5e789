/**
 * Loads the people dialog. PeopleCell imports this small module first, rather than the dialog itself, for the reason
 * components/export-dialog-loader.ts gives: the dialog's import carries the list of every file it needs, which then
 * sits here, loaded on the first click, instead of in the first load of every catalogue list.
 */
export const loadPeopleDialog = () => import('./people-dialog');

/**
 * Loads the sent mails' dialogs (the mail and its recipients). The list imports this small module first, rather than
 * the dialogs themselves, for the reason components/export-dialog-loader.ts gives: their import carries the list of
 * every file they need, which then sits here, loaded on the first click, instead of in the list's first load.
 */
export const loadMailDialogs = () => import('./mail-dialogs');

/**
 * Loads the posts' media dialog (and its carousel). The list imports this small module first, rather than the dialog
 * itself, for the reason components/export-dialog-loader.ts gives: the dialog's import carries the list of every
 * file it needs, which then sits here, loaded on the first View media, instead of in the list's first load.
 */
export const loadPostMediaDialog = () => import('./post-media-dialog');

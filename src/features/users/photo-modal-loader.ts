/**
 * Loads the photo dialog. The users list imports this small module first, rather than the dialog itself: the
 * dialog's import carries the list of every file it needs (Mantine's modal machinery, some twenty names), and that
 * list then sits here, loaded on the first photo opened, instead of in the users list's first load (as
 * components/export-dialog-loader.ts does for the export dialog). The price is one small request more on that click.
 */
export const loadPhotoModal = () => import('./photo-modal');

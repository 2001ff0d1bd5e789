/**
 * Loads the export dialog (and with it lib/list-export.ts). ExportButton imports this small module first, rather
 * than the dialog itself: the dialog's import carries the list of every file it needs (some twenty names, for the
 * browser to fetch at once), and that list then sits here, loaded on the first click, instead of in every list's
 * first load, where it cost about 400 bytes gzip. The price is one small request more on the first export.
 */
export const loadExportDialog = () => import('./export-dialog');

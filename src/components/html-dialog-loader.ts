/**
 * Loads the HTML dialog (and its sanitiser). HtmlViewer imports this small module first, rather than the dialog
 * itself, for the reason export-dialog-loader.ts gives: the dialog's import carries the list of every file it needs,
 * which then sits here, loaded on the first View, instead of in the first load of every list that shows the button.
 */
export const loadHtmlDialog = () => import('./html-dialog');

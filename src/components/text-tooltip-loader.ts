/**
 * Loads TruncatedText's tooltip (Mantine's Tooltip and Floating UI). TruncatedText imports this small module first,
 * rather than the tooltip itself, for the reason export-dialog-loader.ts gives: the tooltip's import carries the list
 * of every file it needs, which then sits here, loaded on the first hover or focus, instead of in the first load of
 * every list that cuts a text.
 */
export const loadTextTooltip = () => import('./text-tooltip');

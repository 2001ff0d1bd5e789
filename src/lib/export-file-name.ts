// Apart from lib/csv.ts and lib/list-export.ts, which load on an export's first click: a list names its file in its
// first load, and a module shared by both would be one more file to fetch there.

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** '<list-key>-YYYY-MM-DD.csv' on the admin's local day: the file a list's export is saved as. */
export const exportFileName = (listKey: string, at = new Date()) =>
  `${listKey}-${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}.csv`;

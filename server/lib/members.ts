/**
 * A member as every answer refers to one: id, name and surname (a console shows both), with what else the answer
 * gives (an e-mail); null for no one. A user since deleted keeps their id with empty names.
 */
export const memberRef = <More extends object>(id: unknown, name: unknown, surname: unknown, more?: More) =>
  id ? { _id: id, name: name ?? '', surname: surname ?? '', ...more } : null;

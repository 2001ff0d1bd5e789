import type { CatalogueApi, CatalogueField } from '@contract/catalogues/catalogue-api';
import type { CatalogueDeclaration, Field, Option } from './define-catalogue';

/**
 * A catalogue declaration's API facts, taken from its catalogue's contract (contract/catalogues/<name>.ts): its
 * calls, the record's fields, and each form field's constraints (required or not, a number's minimum, whole numbers,
 * fixed options, the catalogue a choice comes from, the name a file travels under). The declaration adds what is the
 * console's own: the screens, SPEC's labels and messages, columns. Loaded with the declarations, not with the route
 * table.
 */

const RECORD_FIELD = {
  text: 'text',
  time: 'text',
  number: 'number',
  date: 'date',
  bool: 'flag',
} as const satisfies Record<Exclude<CatalogueField['type'], 'ref'>, string>;

const ANSWERED = { creator: 'ref', users: 'refs', count: 'number' } as const;

/** The list call (with the query SPEC 7 sends), paging, multipart writes and the record's fields. */
export function callsOf(
  api: CatalogueApi,
): Pick<CatalogueDeclaration, 'api' | 'paginated' | 'multipart' | 'record'> {
  const { paths } = api;
  const list = paths.list ?? `${paths.listAll!}${api.listQuery ? `?${api.listQuery}` : ''}`;
  return {
    api: { list, read: paths.read, create: paths.create, update: paths.update, remove: paths.remove },
    paginated: Boolean(paths.list),
    multipart: api.multipart,
    record: {
      ...Object.fromEntries(
        Object.entries(api.fields).map(([name, field]) => [
          name,
          field.type === 'ref' ? (field.populated ? 'ref' : 'text') : RECORD_FIELD[field.type],
        ]),
      ),
      ...Object.fromEntries(Object.values(api.files ?? {}).map((file) => [file.field, 'path'])),
      ...Object.fromEntries(Object.entries(api.answers ?? {}).map(([name, kind]) => [name, ANSWERED[kind]])),
    },
  };
}

/**
 * The form field builders of one catalogue: each takes the field's name, SPEC's label and SPEC's required message, and
 * the API's constraints from the contract. A field the API does not take, or a message where the API takes the field
 * empty (or none where it does not), is a mistake in the declaration, and throws as it loads.
 */
export function fieldsOf(api: CatalogueApi) {
  const contract = <Type extends CatalogueField['type']>(name: string, ...types: Type[]) => {
    const field = api.fields[name];
    if (!field || !(types as string[]).includes(field.type))
      throw new Error(`${api.label}: the API takes no ${types.join(' or ')} field ${name}`);
    return field as Extract<CatalogueField, { type: Type }>;
  };
  const required = <Message extends string | undefined>(
    name: string,
    field: { required?: boolean },
    message: Message,
  ) => {
    if (Boolean(field.required) !== Boolean(message))
      throw new Error(
        `${api.label}: ${name} is ${field.required ? 'required' : 'optional'} in the API, and on its form`,
      );
    return message;
  };
  const text =
    (kind: 'text' | 'textarea' | 'html') =>
    (name: string, label: string, message: string): Field => {
      const field = contract(name, 'text');
      return {
        kind,
        name,
        label,
        required: required(name, field, message),
        ...(field.feature ? { feature: field.feature } : {}),
      };
    };
  /** An image stored in the record's `name`, sent under the multipart name the contract gives it. */
  const image = (name: string, label: string, message: string): Field => {
    const upload = Object.entries(api.files ?? {}).find(([, file]) => file.field === name);
    if (!upload) throw new Error(`${api.label}: the API takes no file for ${name}`);
    required(name, { required: Boolean(upload[1].requiredOnCreate) }, message);
    return { kind: 'icon', name, label, required: message, upload: upload[0] };
  };
  return {
    text: text('text'),
    textarea: text('textarea'),
    /** Rich text (its editor loads only on forms that have one); stored as HTML. */
    html: text('html'),
    /** An icon held in the form; required while the record has none. */
    icon: (message: string) => image('icon', 'Icon', message),
    /** An image held in the form; required while the record has none, so only when adding. */
    image,
    /** A number in the API's range (its minimum shown and checked), whole where the API takes only whole numbers. */
    number: (name: string, label: string, message?: string): Field => {
      const field = contract(name, 'number');
      return {
        kind: 'number',
        name,
        label,
        required: required(name, field, message),
        min: field.min,
        ...(field.integer ? { whole: true } : {}),
      };
    },
    /**
     * A day from a date picker, sent as the end of that day (an expiry), or with `midday` as its noon (a day that stays
     * the same day for every time zone within twelve hours); from today on where the API takes no past day.
     */
    date: (name: string, label: string, message: string, options: { midday?: boolean } = {}): Field => {
      const field = contract(name, 'date');
      return {
        kind: 'date',
        name,
        label,
        required: required(name, field, message),
        ...(field.notPast ? { fromToday: true } : {}),
        ...options,
      };
    },
    /** A time of day, HH:mm; later than another time field where the API says so. */
    time: (name: string, label: string, message: string): Field => {
      const field = contract(name, 'time');
      return { kind: 'time', name, label, required: required(name, field, message), after: field.after };
    },
    /** One of the API's fixed values, each shown as `show` words it. */
    select: (name: string, label: string, message: string, show = (value: string) => value): Field => {
      const field = contract(name, 'text');
      if (!field.oneOf) throw new Error(`${api.label}: the API takes any text as ${name}`);
      const options: Option[] = field.oneOf.map((value) => ({ value, label: show(value) }));
      return { kind: 'select', name, label, required: required(name, field, message), options };
    },
    /** Yes or No, sent as a boolean. */
    yesNo: (name: string, label: string, message: string): Field => ({
      kind: 'yesNo',
      name,
      label,
      required: required(name, contract(name, 'bool'), message),
    }),
    /** One record of the catalogue the API refers to, offered from its listAll, shown by its name, sent as its id. */
    choice: (name: string, label: string, message?: string): Field => {
      const field = contract(name, 'ref');
      const from = field.to.paths.listAll;
      if (!from) throw new Error(`${api.label}: ${field.to.label} has no listAll to choose ${name} from`);
      return { kind: 'choice', name, label, required: required(name, field, message), from };
    },
    /** Follows the field `from` as a slug (see toSlug) until the admin edits it. */
    slug: (name: string, label: string, message: string, from: string): Field => ({
      kind: 'slug',
      name,
      label,
      required: required(name, contract(name, 'text'), message),
      from,
    }),
    /** The Status select: Active = true, Inactive = false, sent as `enabled`. */
    status: (message = 'Please select status'): Field => ({
      kind: 'status',
      name: 'enabled',
      label: 'Status',
      required: required('enabled', contract('enabled', 'bool'), message),
    }),
  };
}

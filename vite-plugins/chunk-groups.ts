import type { Rolldown } from 'vite';

type Group = NonNullable<Rolldown.CodeSplittingOptions['groups']>[number];

/**
 * The build's chunk groups (Rolldown's codeSplitting groups, with includeDependenciesRecursively off: a group takes
 * what its test names and nothing it imports). Everything else is split by the bundler along the screens that use it.
 *
 * Each group is a file that a first load fetches whole, so its test must only catch modules that the screens
 * loading it all need, or it adds their bytes to every one of them (e2e/budget.spec.ts shows the effect per screen).
 * Floating UI (popovers, tooltips, modals) gets its own chunk, so a screen without them does not load it merely
 * because the bundler grouped it with something that screen does use. React, the router, React Query and ky, which
 * every screen needs, travel as one chunk: split along the screens that first used each piece, they came in four
 * more files and compressed 4 KiB worse. The kits (page-kit, form-kit, list-kit, surfaces) turn a dozen small files,
 * each a round trip on HTTP/1.1's six connections, into one. A group may only take modules whose own imports are in it
 * or in a group it comes after: vendor taking lib/notify.ts (which imports an icon chunk that imports vendor) made a
 * cycle, and the console failed to start ('e is not a function').
 *
 * The console's own code joins a group by living in the group's folder: src/lib/core and src/config travel in vendor,
 * src/components/page-kit and src/lib/data in page-kit, src/components/list-kit in list-kit, src/components/form-kit
 * in form-kit. Moving a module into one of these folders adds its bytes to every screen that loads the group: page-kit
 * comes with every screen that shows data, forms and lists alike, so what only lists use goes in list-kit (the
 * profile form, which loads no list-kit, is held to 165 KiB). Their stylesheets stay out of the groups: the base
 * stylesheet (main.tsx) takes the page and list kits', which every screen's first paint uses.
 */
export const CHUNK_GROUPS: Group[] = [
  { name: 'floating-ui', priority: 5, test: /node_modules[\\/]@floating-ui[\\/]/ },
  {
    name: 'vendor',
    priority: 4,
    test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](?:query-core|react-query)|ky|zod)[\\/]|[\\/]src[\\/](?:lib[\\/]core|config)[\\/][^\\/]+\.ts$|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](?:createReactComponent|defaultAttributes)|vite[\\/]preload-helper|rolldown[\\/]runtime/,
  },
  {
    // Mantine's core (Box, styles API, provider) and the few components the shell itself shows.
    name: 'mantine-base',
    priority: 3,
    test: /@mantine[\\/]core[\\/]esm[\\/](?:core[\\/](?:utils|styles-api|MantineProvider|InlineStyles|Box|factory)|components[\\/](?:Loader|Transition|UnstyledButton))[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](?:use-isomorphic-effect|use-media-query|use-did-update|use-reduced-motion)[\\/]|[\\/]clsx[\\/]|@mantine[\\/]core[\\/]styles[\\/](?:baseline|default-css-variables|global|UnstyledButton|Loader|CloseButton|Input|Combobox|Badge|Anchor)\.layer\.css$/,
  },
  {
    // Mantine's three small surfaces (sign-in, dashboard, profiles, public pages, every form's error alert):
    // two files instead of six on the screens that show them.
    name: 'surfaces',
    priority: 2,
    test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Alert|Card|Paper)[\\/]|@mantine[\\/]core[\\/]styles[\\/](?:Alert|Card|Paper)\.layer\.css$/,
  },
  {
    // What a form screen needs beyond the shell (react-hook-form and its zod resolver, and components/form-kit/: the
    // password field, the form actions, focus on the first field in error, the schemas' parts). Not Mantine's
    // useUncontrolled, which its password input shares with Switch, Select and Menu: it brought the whole kit to the
    // admins list, for its two-factor switch.
    name: 'form-kit',
    priority: 2,
    test: /node_modules[\\/](?:react-hook-form|@hookform)[\\/]|[\\/]src[\\/]components[\\/]form-kit[\\/][^\\/]+\.tsx?$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:PasswordInput)[\\/]|@mantine[\\/]core[\\/]styles[\\/](?:PasswordInput)\.layer\.css$/,
  },
  {
    // What every screen with data needs beyond the shell, forms and lists alike (components/page-kit/: the screen's
    // card and its error state; lib/data/: the API client, the resource helpers and the user status call; Mantine's
    // text input). The profile form takes nothing of the lists from it.
    name: 'page-kit',
    priority: 2,
    test: /[\\/]src[\\/](?:components[\\/]page-kit|lib[\\/]data)[\\/][^\\/]+\.tsx?$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Input|InputBase|CloseButton|TextInput)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](?:use-id|utils[\\/]random-id)[\\/]|@mantine[\\/]core[\\/]esm[\\/]core[\\/]styles-api[\\/]use-resolved-styles-api|zod[\\/]v4[\\/]mini[\\/]coerce/,
  },
  {
    // What every catalogue screen needs beyond its own declaration (src/features/catalogues/declarations/<key>.ts, a
    // chunk each with its catalogue's contract): the resource, the registry that loads the declarations, and what
    // the declarations are built with (from-contract.ts, contract/catalogues/catalogue-api.ts). One request instead of
    // three, and the declarations' chunks name one file fewer.
    name: 'catalogues',
    priority: 2,
    test: /[\\/]src[\\/]features[\\/]catalogues[\\/](?:resource|registry|from-contract)\.ts$|[\\/]contract[\\/]catalogues[\\/]catalogue-api\.ts$/,
  },
  {
    // What a list screen needs beyond page-kit (components/list-kit/: the list controller and its view, the table, its
    // pagination, the search box, the status badge, the export button; Mantine's select, badge and anchor): one request
    // instead of about a dozen small ones, each of which costs a round trip on HTTP/1.1's six connections.
    name: 'list-kit',
    priority: 2,
    test: /[\\/]src[\\/]components[\\/]list-kit[\\/][^\\/]+\.tsx?$|[\\/]contract[\\/]sort-fields\.ts$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:NativeSelect|Badge|Combobox[\\/]ComboboxChevron)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](?:use-debounced-callback|utils[\\/]use-callback-ref)[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Anchor|Combobox[\\/](?:Combobox\.module|get-parsed-combobox-data))|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(?:DatabaseOff|ChevronLeft|ChevronLeftPipe|ChevronRight|ChevronRightPipe)\.mjs$/,
  },
];

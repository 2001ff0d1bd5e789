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
 * more files and compressed 4 KiB worse. The kits (form-kit, list-kit, surfaces) turn a dozen small files, each a
 * round trip on HTTP/1.1's six connections, into one. A group may only take modules whose own imports are in it or in
 * a group it comes after: vendor taking lib/notify.ts (which imports an icon chunk that imports vendor) made a cycle,
 * and the console failed to start ('e is not a function').
 *
 * The console's own code joins a group by living in the group's folder: src/lib/core and src/config travel in vendor,
 * src/components/list-kit and src/lib/data in list-kit, src/components/form-kit in form-kit. Moving a module into one
 * of these folders adds its bytes to every screen that loads the group. Their stylesheets stay out of the groups: the
 * base stylesheet (main.tsx) takes the list kit's, which every screen's first paint uses.
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
    // password field, the form actions, focus on the first field in error, the schemas' parts).
    name: 'form-kit',
    priority: 2,
    test: /node_modules[\\/](?:react-hook-form|@hookform)[\\/]|[\\/]src[\\/]components[\\/]form-kit[\\/][^\\/]+\.tsx?$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:PasswordInput)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/]use-uncontrolled[\\/]|@mantine[\\/]core[\\/]styles[\\/](?:PasswordInput)\.layer\.css$/,
  },
  {
    // What a list screen needs beyond the shell (components/list-kit/: the shared table, its pagination and search
    // box; lib/data/: the API client, the resource helpers and the user status call that the users and moderation
    // screens share; Mantine's inputs): one request instead of about a dozen small ones, each of which costs a round
    // trip on HTTP/1.1's six connections.
    name: 'list-kit',
    priority: 2,
    test: /[\\/]src[\\/](?:components[\\/]list-kit|lib[\\/]data)[\\/][^\\/]+\.tsx?$|[\\/]contract[\\/]sort-fields\.ts$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Input|InputBase|CloseButton|TextInput|NativeSelect|Badge|Combobox[\\/]ComboboxChevron)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](?:use-id|use-debounced-callback|utils[\\/](?:random-id|use-callback-ref))[\\/]|@mantine[\\/]core[\\/]esm[\\/](?:components[\\/](?:Anchor|Combobox[\\/](?:Combobox\.module|get-parsed-combobox-data))|core[\\/]styles-api[\\/]use-resolved-styles-api)|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(?:DatabaseOff|ChevronLeft|ChevronLeftPipe|ChevronRight|ChevronRightPipe)\.mjs$|zod[\\/]v4[\\/]mini[\\/]coerce/,
  },
];

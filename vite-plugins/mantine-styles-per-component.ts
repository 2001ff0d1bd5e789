import type { Plugin } from 'vite';

/**
 * Mantine's styles per component, in the chunk that uses the component: each of @mantine/core's components imports its
 * class map `<Name>.module.mjs`, which gets its stylesheet `@mantine/core/styles/<Name>.layer.css` as an import, so
 * a screen's CSS holds exactly the components (and the components they are built from) that its code holds, in
 * dependency order, and no screen or shared component has to list them. The base (reset, variables, global classes)
 * and the shell's components are in src/main.tsx.
 *
 * The dev server pre-bundles @mantine/core (node_modules/.vite/deps), where Vite's own transform hooks never see
 * its files: the same transform goes to the pre-bundler, which keeps each stylesheet as an import of the bundle (Vite
 * leaves CSS out of pre-bundled code), in the order the modules run, as the build does. Dev loads every component's
 * stylesheet (the pre-bundle holds all of @mantine/core), but each after those of the components it is built from and
 * once only (main.tsx's imports are the same files), so the `mantine` layer cascades as in the build. (Importing the
 * whole stylesheet in dev instead put its rules ahead of main.tsx's per-component ones: UnstyledButton's reset, later
 * in the layer, won over every Button; e2e/dev-styles.spec.ts compares dev and build.)
 */
export function mantineStylesPerComponent(): Plugin {
  // Components, and the shared parts under utils (InlineInput: the label beside a Switch, Checkbox or Radio).
  const MODULE = /@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
  const transform = {
    filter: { id: MODULE },
    handler(code: string, id: string) {
      const name = MODULE.exec(id)?.[1];
      return name
        ? { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null }
        : undefined;
    },
  };
  return {
    name: 'mantine-styles-per-component',
    enforce: 'pre',
    config: () => ({
      optimizeDeps: { rolldownOptions: { plugins: [{ name: 'mantine-styles-per-component', transform }] } },
    }),
    transform,
  };
}

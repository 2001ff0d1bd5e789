import type { Plugin } from 'vite';

/**
 * Mantine's styles per component, in the chunk that uses the component: each @mantine/core class map
 * `<Name>.module.mjs` gets `@mantine/core/styles/<Name>.layer.css` as an import, so a screen's CSS holds the components
 * its code holds, in dependency order. The dev server's pre-bundle gets the same transform, so the `mantine` layer
 * cascades as in the build (e2e/dev-styles.spec.ts compares the two). The base and the shell's components are in
 * src/main.tsx.
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

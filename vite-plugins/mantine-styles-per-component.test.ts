import { describe, expect, it } from 'vitest';
import { mantineStylesPerComponent } from './mantine-styles-per-component';

type Transform = {
  filter: { id: RegExp };
  handler: (code: string, id: string) => { code: string } | undefined;
};

describe('Mantine styles per component', () => {
  const plugin = mantineStylesPerComponent();
  const transform = plugin.transform as unknown as Transform;

  it("gives each component's class map its stylesheet, in the build and in the dev server's pre-bundle", () => {
    const id = '/app/node_modules/@mantine/core/esm/components/Button/Button.module.mjs';
    expect(transform.filter.id.test(id)).toBe(true);
    expect(transform.handler('export default {};', id)?.code).toBe(
      "import '@mantine/core/styles/Button.layer.css';\nexport default {};",
    );
    const shared = '/app/node_modules/@mantine/core/esm/utils/InlineInput/InlineInput.module.mjs';
    expect(transform.handler('', shared)?.code).toContain("'@mantine/core/styles/InlineInput.layer.css'");
    expect(transform.filter.id.test('/app/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBe(
      false,
    );
    const config = (plugin.config as () => { optimizeDeps: { rolldownOptions: { plugins: unknown[] } } })();
    expect(config.optimizeDeps.rolldownOptions.plugins).toEqual([
      { name: 'mantine-styles-per-component', transform },
    ]);
  });
});

/// <reference types="node" />
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * README's Node minimum is the real one: every installed package (package-lock.json, dev tools included) declares an
 * engines range that the minimum satisfies, so `npm ci` on that Node prints no EBADENGINE warning.
 */
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};
const minimum = semver.minVersion(manifest.engines.node)!.version;

describe('the documented Node minimum', () => {
  it('is the one README states', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(
      `Requires Node ${minimum.replace(/\.0$/, '')} or newer`,
    );
  });

  it('is allowed by every installed package', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return range && !semver.satisfies(minimum, range)
          ? [`${path.replace(/^.*node_modules\//, '')}: ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});

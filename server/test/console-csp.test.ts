import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeServer } from './harness';

/** Runs the policy's script-src the way a browser would: may this inline script run? */
function allowedInline(policy: string, code: string) {
  const scriptSrc = policy.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  return scriptSrc.includes(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

describe("the console's Content-Security-Policy", () => {
  it("allows index.html's own inline script (the colour scheme before the first paint) and no other", async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    const source = readFileSync('index.html', 'utf8');
    const code = /<script>([\s\S]*?)<\/script>/.exec(source)?.[1];
    expect(code).toContain('data-mantine-color-scheme');
    writeFileSync(join(distDir, 'index.html'), source);
    const { app } = await makeServer({ distDir });

    const policy = (await app.request('/users')).headers.get('content-security-policy') ?? '';
    expect(allowedInline(policy, code!)).toBe(true);
    expect(allowedInline(policy, `${code!}alert(1);`)).toBe(false);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

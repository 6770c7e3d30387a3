import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Production runs the compiled bundles (server/dist, build.mjs) and installs the server with `npm ci
 * --omit=dev` (Dockerfile), so a tool that only builds, tests or runs the TypeScript sources is a
 * devDependency; as a runtime dependency it would ship in the image and hide a production path that still
 * needs it (issue 23: tsx was one). scripts/deploy-smoke.mjs checks the Dockerfile's side of this.
 */
const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const DEV_ONLY = [
  /^tsx$/,
  /^ts-node$/,
  /^typescript$/,
  /^esbuild$/,
  /^vitest$/,
  /^@types\//,
  /^drizzle-kit$/,
];

describe('the server’s runtime dependencies', () => {
  it('hold no TypeScript loader, build or test tool; tsx is a devDependency', () => {
    const tools = Object.keys(manifest.dependencies).filter((name) =>
      DEV_ONLY.some((pattern) => pattern.test(name)),
    );
    expect(tools).toEqual([]);
    expect(manifest.devDependencies.tsx).toBeDefined();
  });

  it('the start script runs the compiled server without a loader', () => {
    expect(manifest.scripts.start).toMatch(/^node (--enable-source-maps )?dist\/main\.js$/);
  });
});

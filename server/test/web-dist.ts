/** Stand-in web builds on disk for the tests of how the server serves the SPA and the home page. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes `files` (path inside the build → content) into `dir`, making their folders. */
export function addFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

/** A new build folder in the temp dir holding `files`; the test removes it with `removeWebDist`. */
export function webDistWith(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  addFiles(dir, files);
  return dir;
}

export const removeWebDist = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });

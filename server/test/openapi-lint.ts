/** Lints a generated OpenAPI document with redocly's recommended rules, as the published docs are checked. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REDOCLY = path.resolve(import.meta.dirname, '../../node_modules/.bin/redocly');

/** Writes `doc` to a temporary file named `name`.json and returns redocly's problems and totals. */
export async function redoclyLint(name: string, doc: unknown) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const file = path.join(dir, `${name}.json`);
  try {
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    const { stdout } = await run(REDOCLY, ['lint', file, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

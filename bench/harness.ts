// What every part of `npm run bench` shares: running one load in a child process and printing a figure.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './load.ts';

const LOAD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load.ts');
const TSX = import.meta.resolve('tsx');

/** Runs one load in a child process and returns its summary. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, LOAD_SCRIPT, JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(out) as LoadResult);
    });
  });
}

export const fixed = (value: number, digits = 2) => value.toFixed(digits);

export const line = (label: string, figure: string, ratio: string) =>
  console.log(`  ${label.padEnd(64)} ${figure.padStart(18)}   ${ratio}`);

export function requireOk(what: string, result: LoadResult, expectErrors = false) {
  if (!expectErrors && (result.non2xx > 0 || result.errors > 0))
    throw new Error(`${what}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  if (result.total === 0) throw new Error(`${what}: no answer`);
}

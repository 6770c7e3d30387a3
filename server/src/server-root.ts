import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server folder (the one holding migrations/), found from the running code: this module sits one level
 * below it both in the sources (src/server-root.ts) and in the compiled build, whose entries are flat
 * bundles in dist/ (dist/main.js, dist/admin.js, …), where import.meta.url is the bundle's own file.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

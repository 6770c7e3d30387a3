// Imported first by main.tsx, before any schema exists. zod compiles object parsers with `new Function`
// and probes for that once; under the Content-Security-Policy (no 'unsafe-eval') the probe is reported as
// a violation. The interpreted parser is plenty fast for forms.
//
// zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js creates it only when
// missing and `config()` merges into it), so setting the flag there needs no zod code: importing `config`
// from zod/v4/core put zod's core (~40 kB of source) into the entry chunk, although every page that parses
// loads zod in its own chunk later. zod-config.test.ts checks that zod reads the flag from here.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};

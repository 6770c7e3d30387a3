// Imported first by main.tsx, before any schema exists. zod compiles object parsers with `new Function`
// and probes for that once; under the Content-Security-Policy (no 'unsafe-eval') the probe is reported as
// a violation. The interpreted parser is plenty fast for forms.
import { config } from 'zod/v4/core';

config({ jitless: true });

import { describe, expect, it } from 'vitest';
import configSource from '../../../../server/src/config.ts?raw';
import { SERVICE_DEFAULT_NAMES, SERVICE_DEFAULTS } from './help-facts.ts';

/** The default of one variable as server/src/config.ts writes it: `NAME: schema.default(15)` or `.default('1')`. */
function serverDefault(name: string): string | undefined {
  const match = new RegExp(`\\b${name}: [^\\n]*?\\.default\\('?([\\d.]+)'?\\)`).exec(configSource);
  return match?.[1];
}

describe('Help page facts', () => {
  it.each(Object.entries(SERVICE_DEFAULT_NAMES))('%s equals the server default of %s', (key, name) => {
    expect(serverDefault(name)).toBe(String(SERVICE_DEFAULTS[key as keyof typeof SERVICE_DEFAULTS]));
  });
});

import { describe, expect, it } from 'vitest';
import {
  PREPARE_AFTER_USES,
  PREPARED_IN_SHARED_SESSION,
  SharedSessionStatements,
} from './prepared-statements.ts';

/** Runs `text` through choose() until it is handed out to prepare. */
function untilNamed(statements: SharedSessionStatements, text: string) {
  for (let use = 1; use < PREPARE_AFTER_USES; use += 1) expect(statements.choose(text)).toBeUndefined();
  const choice = statements.choose(text);
  expect(choice).toMatchObject({ prepared: false });
  return choice!;
}

describe('SharedSessionStatements (the embedded engine: one session for every connection)', () => {
  it(`hands a text out to prepare on its ${PREPARE_AFTER_USES}th run, then to bind once its Parse completed`, () => {
    const statements = new SharedSessionStatements();
    const first = untilNamed(statements, 'select $1');
    // While that Parse is in flight, other connections run the text unnamed (never a second Parse of it).
    expect(statements.choose('select $1')).toBeUndefined();
    statements.settle('select $1', first.name, true);
    expect(statements.choose('select $1')).toEqual({ name: first.name, prepared: true });
    expect(statements.size).toBe(1);
  });

  it('never hands out a name twice: a Parse that failed leaves its name unused and the text is tried anew', () => {
    const statements = new SharedSessionStatements();
    const failed = untilNamed(statements, 'select $1::nonsense');
    statements.settle('select $1::nonsense', failed.name, false);
    expect(statements.size).toBe(0);
    const again = untilNamed(statements, 'select $1::nonsense');
    expect(again.name).not.toBe(failed.name);
    const other = untilNamed(statements, 'select $2');
    expect(new Set([failed.name, again.name, other.name]).size).toBe(3);
  });

  it(`prepares at most ${PREPARED_IN_SHARED_SESSION} statements; the rest run unnamed`, () => {
    const statements = new SharedSessionStatements();
    for (let n = 0; n < PREPARED_IN_SHARED_SESSION; n += 1) {
      const text = `select $1 + ${n}`;
      statements.settle(text, untilNamed(statements, text).name, true);
    }
    for (let use = 0; use < PREPARE_AFTER_USES + 1; use += 1)
      expect(statements.choose('select $1 - 1')).toBeUndefined();
    expect(statements.size).toBe(PREPARED_IN_SHARED_SESSION);
  });
});

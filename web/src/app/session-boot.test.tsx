import { API, SESSION_BOOT_ELEMENT_ID } from '@app/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getIsLead, setIsLead } from '../api/lead-store.ts';
import { authKeys } from '../api/query-keys.ts';
import { mockApi } from '../test/fetch-mock.ts';
import { loadLazyRoutes, renderAt } from '../test/render.tsx';
import { authUser, signedIn } from '../test/session-fixtures.ts';
import { createQueryClient } from './query-client.ts';
import { adoptSessionBoot } from './session-boot.ts';

function putBoot(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SESSION_BOOT_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  document.getElementById(SESSION_BOOT_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
  setIsLead(false);
});

describe('the session answer the server put into the page', () => {
  it('becomes the guard’s first check, sets the lead flag and is read only once', () => {
    putBoot(JSON.stringify({ user: authUser(true) }));
    const client = createQueryClient();
    expect(adoptSessionBoot(client)).toBe(true);
    expect(client.getQueryData(authKeys.check)).toEqual({ user: authUser(true) });
    expect(getIsLead()).toBe(true);
    expect(document.getElementById(SESSION_BOOT_ELEMENT_ID)).toBeNull();
    expect(adoptSessionBoot(createQueryClient())).toBe(false);
  });

  it('is ignored when it is not a check answer', () => {
    for (const text of ['{', 'null', '{"user":{"id":1}}', '{"detail":"x"}']) {
      putBoot(text);
      const client = createQueryClient();
      expect(adoptSessionBoot(client), text).toBe(false);
      expect(client.getQueryData(authKeys.check), text).toBeUndefined();
      expect(document.getElementById(SESSION_BOOT_ELEMENT_ID), text).toBeNull();
    }
  });

  it('lets the shell render without a second session check', async () => {
    putBoot(JSON.stringify({ user: authUser(false) }));
    const { calls } = mockApi(signedIn(false));
    renderAt('/terminals', undefined, { prepare: (client) => adoptSessionBoot(client) });
    expect(await screen.findByRole('heading', { name: 'Terminals', level: 1 })).toBeInTheDocument();
    expect(calls.some((call) => call.path === API.auth.checkUserAuth)).toBe(false);
  });
});

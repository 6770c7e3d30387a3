// For the tests of adding a terminal (the QR flow and the forwarder apps): the Terminals page with an empty list
// and a connect request that answers, and the first step of every flow, choosing the app.
import { API } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { TerminalsPage } from './terminals-page.tsx';

/** The user events of one rendered page. */
export type TestUser = ReturnType<typeof userEvent.setup>;

/**
 * Renders /terminals with no terminal yet and a connect request that names `terminalId`; `handlers` add to or
 * replace those answers. Returns the fetch mock's records and the user.
 */
export function renderForPairing(terminalId: string, handlers: Handlers) {
  const api = mockApi({
    [`GET ${API.terminals.list}`]: { body: { count: 0, results: [] } },
    [`POST ${API.terminals.connectRequest}`]: { body: { terminal_id: terminalId } },
    ...handlers,
  });
  const user = userEvent.setup();
  renderAt('/terminals', [{ path: '/terminals', element: <TerminalsPage /> }]);
  return { ...api, user };
}

/** 'Add Terminal Now' first asks which app (issue 24): picks the one whose button name matches `app`. */
export async function chooseApp(user: TestUser, app: RegExp) {
  await user.click(screen.getByRole('button', { name: 'Add Terminal Now' }));
  const choice = await screen.findByRole('dialog', { name: 'Выберите приложение' });
  await user.click(within(choice).getByRole('button', { name: app }));
}

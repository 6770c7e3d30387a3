import { ADMIN_AUDIT_ACTION_LABELS, API } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminAuditEntry, signedInAdmin } from '../../test/admin-fixtures.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { ADMIN_TEXT, AUDIT_TEXT as T } from './admin-text.ts';
import { auditValueText } from './audit-page.tsx';

const AUDIT = `GET ${API.admin.audit}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console audit log', () => {
  it('shows when, who, the action label, target, before → after and reason; filters on the server', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      signedInAdmin({
        [AUDIT]: {
          body: {
            count: 2,
            results: [
              adminAuditEntry(),
              adminAuditEntry({
                id: 'a2',
                actor: 'admin-cli',
                action: 'user.block',
                before: null,
                after: { blocked: true },
                reason: 'Мошенничество',
              }),
            ],
          },
        },
      }),
    );
    renderAt('/admin/audit');
    const rows = await screen.findAllByTestId('admin-audit-entry');
    expect(rows[0]).toHaveTextContent(ADMIN_AUDIT_ACTION_LABELS['user.fee']);
    expect(rows[0]).toHaveTextContent('admin@demo.local');
    expect(rows[0]).toHaveTextContent('комиссия, %: 3 → комиссия, %: 3,5');
    expect(rows[0]).not.toHaveTextContent('user.fee');
    expect(rows[1]).toHaveTextContent('Блокировка');
    expect(rows[1]).toHaveTextContent('Мошенничество');

    await user.selectOptions(screen.getByRole('combobox', { name: T.action }), 'withdrawal.approve');
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes('action=withdrawal.approve'))).toBe(
        true,
      ),
    );
    await user.type(screen.getByRole('textbox', { name: T.actor }), 'admin-cli');
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes('actor=admin-cli'))).toBe(true),
    );
    expect(await screen.findByRole('combobox', { name: T.action })).toHaveDisplayValue(
      ADMIN_AUDIT_ACTION_LABELS['withdrawal.approve'],
    );
  });

  it('shows the empty log, loading and a Russian error', async () => {
    mockApi(signedInAdmin({ [AUDIT]: { body: { count: 0, results: [] } } }));
    const first = renderAt('/admin/audit');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    first.unmount();
    mockApi(signedInAdmin({ [AUDIT]: 'never' }));
    const second = renderAt('/admin/audit');
    expect(await screen.findByTestId('admin-audit-loading')).toBeInTheDocument();
    second.unmount();
    mockApi(signedInAdmin({ [AUDIT]: { status: 500, body: { detail: 'Internal' } } }));
    renderAt('/admin/audit');
    expect(await screen.findByTestId('admin-audit-error', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('auditValueText', () => {
  it('writes objects as key: value pairs and nothing as a dash', () => {
    expect(auditValueText(null)).toBe(ADMIN_TEXT.none);
    expect(auditValueText({ a: 1, b: 'x' })).toBe('a: 1, b: x');
    // Fields and states in the product's words, never a raw value.
    expect(auditValueText({ status: 'held' })).toBe('статус: На проверке');
    expect(auditValueText({ state: 'failed', attempts: 3 })).toBe('состояние: Не доставлено, попыток: 3');
    expect(auditValueText({ is_lead: true, role: 'merchant' })).toBe('лид: Да, роль: Мерчант');
    expect(auditValueText([{ subject: 'trader', points: 2 }])).toBe('объект: трейдер, баллы: 2');
    expect(auditValueText({ blocked_at: '2026-11-28T06:07:18.609Z' })).toMatch(
      /^заблокирован: \d{2}\.\d{2}\.2026 \d{2}:\d{2}$/,
    );
    expect(auditValueText('text')).toBe('text');
  });
});

import type { TerminalListItem, TerminalPayment } from '@app/shared';

let counter = 0;

/** A fresh UUID-shaped id (the contracts check ids as UUIDs). */
export function testId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

/** A terminal as GET /user/terminals/ lists it. */
export function terminal(overrides: Partial<TerminalListItem> = {}): TerminalListItem {
  return {
    id: testId(),
    name: 'Pixel 7',
    phone_charge: 77,
    terminal_status_display: 'Enabled',
    last_ping: '2026-11-23T10:00:00.000Z',
    online: true,
    device: { model: 'Pixel 7', os: 'Android 14', app_version: '1.2.0' },
    payments_count: 2,
    app: 'terminal-manager',
    charging: null,
    activated_at: '2026-11-20T09:30:00.000Z',
    pending_until: null,
    created_at: '2026-11-20T09:25:00.000Z',
    ...overrides,
  };
}

/** A payment method as a terminal's list and the unassigned list show it. */
export function terminalPayment(overrides: Partial<TerminalPayment> = {}): TerminalPayment {
  return {
    id: testId(),
    bank: { name: 'Сбербанк' },
    card: '2200********6789',
    phone_number: '+79991234567',
    nomer_scheta: null,
    is_active: true,
    is_SBP: true,
    is_c2c: false,
    rating: 90,
    ...overrides,
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPendingTerminal, terminalRow } from '../../test/device-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { keepHeartbeating, notify, pair, parseQr, readState, SimulatorError } from './terminal-simulator.ts';

let t: TestApp;
let serverUrl: string;
let dir: string;
let statePath: string;

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `${address}${t.prefix}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'terminal-sim-'));
  statePath = path.join(dir, 'terminal-sim.json');
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The QR code's JSON, as the Terminals page shows it after verify-request. */
async function qrFor() {
  const pending = await insertPendingTerminal(t, { name: 'Симулятор' });
  const qr = JSON.stringify({
    terminal_id: pending.id,
    server_url: serverUrl,
    auth_key: pending.authKey,
    expires_at: new Date(Date.now() + 600_000).toISOString(),
  });
  return { pending, qr };
}

describe('terminal simulator', () => {
  it('pairs from the QR JSON, heartbeats with a draining battery and sends a notification', async () => {
    const { pending, qr } = await qrFor();
    const terminal = await pair(qr, { statePath });
    expect(terminal).toMatchObject({
      terminal_id: pending.id,
      name: 'Симулятор',
      battery: 100,
      poll_after_s: 30,
    });
    expect(readState(statePath).terminals[pending.id]?.device_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(statePath).mode & 0o777).toBe(0o600);
    expect(await terminalRow(t, pending.id)).toMatchObject({
      status: 'Enabled',
      deviceModel: 'Simulator',
    });

    const beats: number[] = [];
    const controller = new AbortController();
    await keepHeartbeating(pending.id, {
      statePath,
      signal: controller.signal,
      intervalMs: 10,
      onBeat: ({ battery }) => {
        beats.push(battery);
        if (beats.length === 3) controller.abort();
      },
      onError: (error) => {
        throw error;
      },
    });
    expect(beats).toEqual([100, 99, 98]);
    expect(readState(statePath).terminals[pending.id]?.battery).toBe(97);
    const row = await terminalRow(t, pending.id);
    expect(row.phoneCharge).toBe(98);
    expect(row.lastPing).toBeInstanceOf(Date);

    const sent = await notify(pending.id, 'Перевод 1 500р от Иван И.', { statePath });
    expect(sent.id).toMatch(/^sim-\d+-[0-9a-f]{8}$/);
    expect(sent.result.id).toBe(sent.id);
    expect(['matched', 'unmatched', 'ignored']).toContain(sent.result.status);
    const push = await notify(pending.id, 'Зачисление 200 ₽', { statePath, push: true });
    expect(push.result.status).not.toBe('duplicate');
  });

  it('explains a bad QR, a used key and an unknown terminal', async () => {
    expect(() => parseQr('not json')).toThrow(SimulatorError);
    expect(() => parseQr('{"terminal_id":"x"}')).toThrow(/server_url/);
    const { qr } = await qrFor();
    await pair(qr, { statePath });
    await expect(pair(qr, { statePath, retryDelaysMs: [] })).rejects.toThrow(/401/);
    await expect(notify('00000000-0000-4000-8000-000000000000', 'x', { statePath })).rejects.toThrow(
      /not paired/,
    );
  });
});

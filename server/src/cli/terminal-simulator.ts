import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  API,
  type DeviceActivateResponse,
  type DeviceHeartbeatResponse,
  type DeviceNotificationsResponse,
  verifyRequestResponse,
} from '@app/shared';

/**
 * A stand-in for the Android terminal app, speaking the device API exactly as docs/device-api.md tells the
 * app to: pair from the QR JSON, heartbeat every poll_after_s, send notifications with fresh ids, retry a
 * failed call with the same Idempotency-Key.
 */

/** What the simulated phone says it is when it pairs. */
export const SIMULATED_DEVICE = {
  model: 'Simulator',
  os: 'Android 14 (simulated)',
  app_version: 'sim-1.0.0',
};

export interface SimulatedTerminal {
  terminal_id: string;
  name: string;
  server_url: string;
  device_token: string;
  battery: number;
  poll_after_s: number;
}

/** DATA_DIR/terminal-sim.json: the paired terminals by id (the tokens are secrets: mode 0600). */
export interface SimulatorState {
  terminals: Record<string, SimulatedTerminal>;
}

export class SimulatorError extends Error {}

export function readState(statePath: string): SimulatorState {
  if (!fs.existsSync(statePath)) return { terminals: {} };
  return JSON.parse(fs.readFileSync(statePath, 'utf8')) as SimulatorState;
}

/** Written whole to a temporary file and renamed over the old one, so a crash never leaves half a file. */
export function writeState(statePath: string, state: SimulatorState): void {
  fs.mkdirSync(path.dirname(statePath), { recursive: true });
  const temporary = `${statePath}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, statePath);
}

function updateTerminal(statePath: string, terminal: SimulatedTerminal): void {
  const state = readState(statePath);
  state.terminals[terminal.terminal_id] = terminal;
  writeState(statePath, state);
}

export function findTerminal(statePath: string, terminalId: string): SimulatedTerminal {
  const terminal = readState(statePath).terminals[terminalId];
  if (!terminal) {
    throw new SimulatorError(
      `Terminal ${terminalId} is not paired in ${statePath}. Pair it first: npm run terminal:sim -- pair '<QR JSON>'`,
    );
  }
  return terminal;
}

/** A device API answer that is not a success: the problem document's status, title and detail. */
function problemText(status: number, body: unknown): string {
  const problem = body as { title?: string; detail?: string } | null;
  return `${status}${problem?.detail ? ` ${problem.detail}` : problem?.title ? ` ${problem.title}` : ''}`;
}

const RETRY_DELAYS_MS = [500, 2_000];

/**
 * POSTs to the device API with one Idempotency-Key for every attempt: a network failure or a 5xx is retried
 * with the same key, so a request that did reach the server is not done twice.
 */
async function devicePost<T>(
  serverUrl: string,
  route: string,
  body: unknown,
  token?: string,
  options: { retryDelaysMs?: number[] } = {},
): Promise<T> {
  const key = randomUUID();
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    let failure: string;
    try {
      response = await fetch(`${serverUrl.replace(/\/+$/, '')}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': key,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => null)) as unknown;
      if (response.ok) return answer as T;
      failure = problemText(response.status, answer);
      // A refusal (4xx) will not change by retrying; a 409 (same key still running) will.
      if (response.status < 500 && response.status !== 409) throw new SimulatorError(`${route}: ${failure}`);
    } catch (error) {
      if (error instanceof SimulatorError) throw error;
      failure = (error as Error).message;
    }
    const delay = delays[attempt];
    if (delay === undefined)
      throw new SimulatorError(`${route}: ${failure} (gave up after ${attempt + 1} tries)`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** Reads the pairing QR code's JSON ({terminal_id, server_url, auth_key, expires_at}). */
export function parseQr(text: string): { terminal_id: string; server_url: string; auth_key: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SimulatorError('The QR text is not JSON: copy it whole, in single quotes.');
  }
  const parsed = verifyRequestResponse.safeParse(json);
  if (!parsed.success) {
    throw new SimulatorError('The QR JSON needs terminal_id, server_url, auth_key and expires_at.');
  }
  return parsed.data;
}

/** Activates like the app: the QR's key and the simulated phone; saves the token and a full battery. */
export async function pair(
  qrText: string,
  options: { statePath: string; retryDelaysMs?: number[] },
): Promise<SimulatedTerminal> {
  const qr = parseQr(qrText);
  const answer = await devicePost<DeviceActivateResponse>(
    qr.server_url,
    API.device.activate,
    { terminal_id: qr.terminal_id, auth_key: qr.auth_key, device: SIMULATED_DEVICE },
    undefined,
    options,
  );
  const terminal: SimulatedTerminal = {
    terminal_id: answer.terminal_id,
    name: answer.name,
    server_url: qr.server_url,
    device_token: answer.device_token,
    battery: 100,
    poll_after_s: answer.poll_after_s,
  };
  updateTerminal(options.statePath, terminal);
  return terminal;
}

/** One heartbeat with the saved battery, which then drains 1 % (stopping at 0) for the next one. */
export async function heartbeat(
  terminalId: string,
  options: { statePath: string; retryDelaysMs?: number[] },
): Promise<{ battery: number; answer: DeviceHeartbeatResponse }> {
  const terminal = findTerminal(options.statePath, terminalId);
  const battery = terminal.battery;
  const answer = await devicePost<DeviceHeartbeatResponse>(
    terminal.server_url,
    API.device.heartbeat,
    { battery, charging: false, network: 'wifi', app_version: SIMULATED_DEVICE.app_version },
    terminal.device_token,
    options,
  );
  updateTerminal(options.statePath, {
    ...terminal,
    battery: Math.max(0, battery - 1),
    poll_after_s: answer.poll_after_s,
  });
  return { battery, answer };
}

/**
 * Heartbeats until the signal aborts, every poll_after_s the server asks for (or `intervalMs`); each beat is
 * reported to onBeat, a failed one to onError (and the loop goes on, as the app would).
 */
export async function keepHeartbeating(
  terminalId: string,
  options: {
    statePath: string;
    signal: AbortSignal;
    intervalMs?: number;
    onBeat: (beat: { battery: number; answer: DeviceHeartbeatResponse }) => void;
    onError: (error: Error) => void;
  },
): Promise<void> {
  while (!options.signal.aborted) {
    let waitMs = options.intervalMs ?? findTerminal(options.statePath, terminalId).poll_after_s * 1000;
    try {
      const beat = await heartbeat(terminalId, options);
      options.onBeat(beat);
      waitMs = options.intervalMs ?? beat.answer.poll_after_s * 1000;
    } catch (error) {
      options.onError(error as Error);
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      options.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}

/** Sends one notification with a fresh id, as an SMS (sender 900 unless told) or a push. */
export async function notify(
  terminalId: string,
  text: string,
  options: { statePath: string; sender?: string; push?: boolean; title?: string; retryDelaysMs?: number[] },
): Promise<{ id: string; result: DeviceNotificationsResponse['results'][number] }> {
  const terminal = findTerminal(options.statePath, terminalId);
  const id = `sim-${Date.now()}-${randomBytes(4).toString('hex')}`;
  const push = options.push === true;
  const answer = await devicePost<DeviceNotificationsResponse>(
    terminal.server_url,
    API.device.notifications,
    {
      items: [
        {
          id,
          source: push ? 'push' : 'sms',
          sender: options.sender ?? (push ? 'ru.sberbankmobile' : '900'),
          ...(options.title ? { title: options.title } : {}),
          text,
          received_at: new Date().toISOString(),
        },
      ],
    },
    terminal.device_token,
    options,
  );
  const result = answer.results[0];
  if (!result) throw new SimulatorError('The server answered no result.');
  return { id, result };
}

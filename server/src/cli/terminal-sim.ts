import path from 'node:path';
import { parseArgs } from './commands/types.ts';
import { findTerminal, keepHeartbeating, notify, pair, SimulatorError } from './terminal-simulator.ts';

const USAGE = `Usage:
  npm run terminal:sim -- pair '<QR JSON>'              pair a simulated phone from the QR code's JSON, then
                                                        heartbeat every poll_after_s (battery drains 1 % a beat)
  npm run terminal:sim -- run TERMINAL_ID               heartbeat again as an already paired phone
  npm run terminal:sim -- notify TERMINAL_ID "TEXT"     send one notification (a fresh id) and print the result
      [--sender 900] [--push] [--title T]               (SMS from 900 unless told; --push: from ru.sberbankmobile)
State (device tokens): DATA_DIR/terminal-sim.json, or --state FILE.`;

function statePathOf(flags: Record<string, string>): string {
  // npm runs workspace scripts inside server/; relative paths mean what they meant where npm was started.
  const base = process.env.INIT_CWD ?? process.cwd();
  return path.resolve(base, flags.state ?? path.join(process.env.DATA_DIR ?? './data', 'terminal-sim.json'));
}

/** Heartbeats until Ctrl-C, printing each beat. */
async function heartbeatUntilStopped(terminalId: string, statePath: string): Promise<number> {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  const { name } = findTerminal(statePath, terminalId);
  console.log(`Heartbeating as "${name}" (${terminalId}); Ctrl-C stops.`);
  await keepHeartbeating(terminalId, {
    statePath,
    signal: controller.signal,
    onBeat: ({ battery, answer }) =>
      console.log(
        `${answer.server_time}  heartbeat: battery ${battery} %, status ${answer.status}, next in ${answer.poll_after_s} s`,
      ),
    onError: (error) => console.error(`heartbeat failed: ${error.message}`),
  });
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  const [command, ...rest] = positional;
  const statePath = statePathOf(flags);
  if (!command || command === 'help' || flags.help === 'true') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'pair') {
    const [qr] = rest;
    if (!qr) {
      console.error(USAGE);
      return 2;
    }
    const terminal = await pair(qr, { statePath });
    console.log(`Paired "${terminal.name}" (${terminal.terminal_id}); token saved in ${statePath}.`);
    console.log(`Send a notification: npm run terminal:sim -- notify ${terminal.terminal_id} "<text>"`);
    return heartbeatUntilStopped(terminal.terminal_id, statePath);
  }
  if (command === 'run') {
    const [terminalId] = rest;
    if (!terminalId) {
      console.error(USAGE);
      return 2;
    }
    return heartbeatUntilStopped(terminalId, statePath);
  }
  if (command === 'notify') {
    const [terminalId, text] = rest;
    if (!terminalId || !text) {
      console.error(USAGE);
      return 2;
    }
    const { id, result } = await notify(terminalId, text, {
      statePath,
      sender: flags.sender,
      push: flags.push === 'true',
      title: flags.title,
    });
    console.log(`Notification ${id}: ${result.status}${result.deal_id ? ` (deal ${result.deal_id})` : ''}`);
    return 0;
  }
  console.error(`Unknown command: ${command}\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof SimulatorError ? error.message : error);
    process.exit(1);
  },
);

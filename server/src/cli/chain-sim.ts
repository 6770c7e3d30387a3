import path from 'node:path';
import { hexToBytes } from '@noble/hashes/utils.js';
import { isValidTronAddress, tronAddressFromPrivateKey } from '../modules/tron/tron-address.ts';
import { startChainSimulator } from './chain-simulator.ts';
import { parseArgs } from './commands/types.ts';

const USAGE = `Usage:
  npm run chain:sim                                 start the TronGrid-compatible simulator
      [--port N] [--host H] [--state FILE]          (port: CHAIN_SIM_PORT or 9090; state: DATA_DIR/chain-sim.json)
  npm run chain:sim -- deposit ADDRESS AMOUNT       send AMOUNT USDT to ADDRESS on the running simulator
      [--unconfirmed] [--url URL]                   (url: http://127.0.0.1:CHAIN_SIM_PORT)
  npm run chain:sim -- key-address PRIVATE_KEY_HEX  print the Tron address of a key (to fund the hot wallet)`;

const defaultPort = () => Number(process.env.CHAIN_SIM_PORT ?? 9090);

async function serve(flags: Record<string, string>): Promise<void> {
  const port = Number(flags.port ?? defaultPort());
  // npm runs workspace scripts inside server/; relative paths mean what they meant where npm was started.
  const base = process.env.INIT_CWD ?? process.cwd();
  const statePath = path.resolve(
    base,
    flags.state ?? path.join(process.env.DATA_DIR ?? './data', 'chain-sim.json'),
  );
  const sim = await startChainSimulator({
    port,
    host: flags.host ?? process.env.CHAIN_SIM_HOST ?? '127.0.0.1',
    contract: process.env.USDT_CONTRACT || undefined,
    statePath,
  });
  console.log(
    `TronGrid simulator listening on ${sim.url} (USDT contract ${sim.contract}, state ${statePath})`,
  );
  console.log(
    `Start the server with TRONGRID_URL=${sim.url}; send a deposit with: npm run chain:sim -- deposit ADDRESS 100`,
  );
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function sendDeposit(positional: string[], flags: Record<string, string>): Promise<number> {
  const [address, amount] = positional;
  if (!address || !amount) {
    console.error(USAGE);
    return 2;
  }
  if (!isValidTronAddress(address)) {
    console.error(`${address} is not a valid TRC20 address (base58check).`);
    return 2;
  }
  const url = (flags.url ?? `http://127.0.0.1:${defaultPort()}`).replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${url}/sim/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, amount, confirmed: flags.unconfirmed !== 'true' }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    console.error(
      `No simulator answered at ${url} (${(error as Error).message}). Start it with: npm run chain:sim`,
    );
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as { txid?: string; Error?: string };
  if (!response.ok) {
    console.error(`The simulator refused: ${body.Error ?? response.status}`);
    return 1;
  }
  console.log(`Sent ${amount} USDT to ${address} (txid ${body.txid}).`);
  return 0;
}

async function main(argv: string[]): Promise<number | null> {
  const { positional, flags } = parseArgs(argv);
  const [command, ...rest] = positional;
  if (flags.help === 'true' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!command || command === 'serve') {
    await serve(flags);
    return null;
  }
  if (command === 'deposit') return sendDeposit(rest, flags);
  if (command === 'key-address') {
    const key = rest[0] ?? '';
    if (!/^[0-9a-fA-F]{64}$/.test(key)) {
      console.error('expected a 64-hex-digit private key');
      return 2;
    }
    console.log(tronAddressFromPrivateKey(hexToBytes(key.toLowerCase())));
    return 0;
  }
  console.error(`Unknown command: ${command}\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== null) process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

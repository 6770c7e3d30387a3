import { execFileSync } from 'node:child_process';
import { E2E } from './env.ts';

/** `npm run chain:sim -- deposit ADDRESS AMOUNT` against the run's simulator: a confirmed USDT transfer. */
export function simulateDeposit(address: string, amount: string): void {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/chain-sim.ts', 'deposit', address, amount, '--url', E2E.chainSimUrl],
    { cwd: E2E.root, encoding: 'utf8' },
  );
}

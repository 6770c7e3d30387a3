// BENCH_CPU_PROFILE=<dir>: a CPU profile of the serving process during one load of `npm run bench` (the order
// load), written as a .cpuprofile (Chrome DevTools or speedscope open it), and its top entries by self time
// printed, so "where does the Node time of an order go" is answered from the same run as the figures.
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';
import { line } from './harness.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const TOP = 15;

/** A package name or a source file, for grouping the profile's frames. */
function origin(url: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return 'node';
  return url.split('/').slice(-2).join('/');
}

function printTop(profile: Profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByFrame = new Map<string, number>();
  const selfByOrigin = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[index] ?? 0;
    busy += delta;
    const name = `${frame.functionName || '(anonymous)'} ${origin(frame.url)}:${frame.lineNumber + 1}`;
    selfByFrame.set(name, (selfByFrame.get(name) ?? 0) + delta);
    const group = origin(frame.url);
    selfByOrigin.set(group, (selfByOrigin.get(group) ?? 0) + delta);
  });
  const top = (map: Map<string, number>) => [...map.entries()].sort(([, a], [, b]) => b - a).slice(0, TOP);
  console.log(
    `  CPU profile: top ${TOP} frames by self time (share of busy time, ${(busy / 1000).toFixed(0)} ms)`,
  );
  for (const [name, time] of top(selfByFrame))
    line(`    ${name.slice(0, 60)}`, `${((time / busy) * 100).toFixed(1)} %`, '');
  console.log(`  CPU profile: by package or file`);
  for (const [name, time] of top(selfByOrigin))
    line(`    ${name.slice(0, 60)}`, `${((time / busy) * 100).toFixed(1)} %`, '');
}

/** Runs `run` under the CPU profiler when BENCH_CPU_PROFILE names a directory; otherwise just runs it. */
export async function profiled<T>(label: string, run: () => Promise<T>): Promise<T> {
  const directory = process.env.BENCH_CPU_PROFILE;
  if (!directory) return run();
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    fs.mkdirSync(directory, { recursive: true });
    const file = path.join(directory, `${label}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile written: ${file}`);
    printTop(profile);
  }
}

/**
 * The disputes module's face (ctx.disputes): assembles who may act (dispute-access.ts), commands (open,
 * verdict, block), evidence files, views and the deadline moves into one service object.
 */
import { createDisputeAccess } from './dispute-access.ts';
import { createDisputeAdvance } from './dispute-advance.ts';
import { createDisputeCommands } from './dispute-commands.ts';
import { createDisputeEvidence } from './dispute-evidence.ts';
import { createDisputeViews } from './dispute-views.ts';

/** What the parts need, together: database, configuration, clock, the orders lifecycle, notices, rating, Telegram. */
export type DisputesDeps = Parameters<typeof createDisputeAccess>[0] &
  Parameters<typeof createDisputeAdvance>[0] &
  Parameters<typeof createDisputeViews>[0] &
  Parameters<typeof createDisputeEvidence>[0] &
  Parameters<typeof createDisputeCommands>[0];

export function createDisputesService(deps: DisputesDeps) {
  // One access object: every part decides authorization with it, first (routes only parse HTTP).
  const access = createDisputeAccess(deps);
  return {
    ...createDisputeAdvance(deps),
    ...createDisputeViews(deps, access),
    ...createDisputeEvidence(deps, access),
    ...createDisputeCommands(deps, access),
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;

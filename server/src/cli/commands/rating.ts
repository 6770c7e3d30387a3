import { normalizeEmail, parseRatingPoints, ratingPercent } from '@app/shared';
import { ADMIN_CLI_ACTOR as CLI_AUDIT_ACTOR } from '../../modules/admin/admin.service.ts';
import { ratingRecomputeAudit } from '../../modules/admin/admin-ratings.ts';
import { adjustRatingAudited } from '../../modules/admin/audited-adjustments.ts';
import { createRatingService } from '../../modules/rating/rating.service.ts';
import * as users from '../../modules/users/users.service.ts';
import { type AdminCommand, UsageError } from './types.ts';

/** Tenths as signed points as the command line takes them: 60 → "+6.0", -3 → "-0.3". */
const signedPoints = (tenths: number) => `${tenths > 0 ? '+' : ''}${(tenths / 10).toFixed(1)}`;
/** Points with their percent, for the operator: "+1.5 points (85 %)". */
const pointsText = (tenths: number) => `${signedPoints(tenths)} points (${ratingPercent(tenths)} %)`;

export const ratingRecomputeCommand: AdminCommand = {
  name: 'rating-recompute',
  usage: 'rating-recompute',
  summary:
    "Rebuilds every trader's and payment method's rating from the rating events; prints each difference it corrected.",
  async run(_args, { database, print }) {
    const differences = await createRatingService({ database }).recompute(
      ratingRecomputeAudit(CLI_AUDIT_ACTOR),
    );
    if (differences.length === 0) {
      print('Ratings: no differences; every stored rating equals the replay of its events.');
      return 0;
    }
    print(`Ratings corrected (${differences.length}):`);
    for (const difference of differences) {
      const subject =
        difference.subject === 'trader'
          ? `trader ${difference.email}`
          : `method ${difference.id} of ${difference.email}`;
      print(
        `  ${subject}: events say ${pointsText(difference.expectedTenths)}, stored ${signedPoints(difference.storedTenths)} points (${difference.storedPercent} %)`,
      );
    }
    return 0;
  },
};

export const ratingAdjustCommand: AdminCommand = {
  name: 'rating-adjust',
  usage: 'rating-adjust EMAIL POINTS --reason TEXT',
  summary:
    "Adds penalty POINTS (one decimal; +6 lowers the rating by 60 %, -1 raises it by 10 %) to a trader's rating, not their methods', as an audited event.",
  async run({ positional, flags }, { database, print }) {
    const [email, pointsArg] = positional;
    const reason = flags.reason && flags.reason !== 'true' ? flags.reason.trim() : '';
    if (!email || !pointsArg) throw new UsageError('expected EMAIL and POINTS');
    const tenths = parseRatingPoints(pointsArg);
    if (tenths === null || tenths === 0) {
      throw new UsageError(
        'POINTS must be non-zero penalty points with at most one decimal, e.g. +6 or -0.5',
      );
    }
    if (!reason) throw new UsageError('--reason TEXT is required: it is kept with the adjustment');
    if (reason.length > 500) throw new UsageError('--reason TEXT is at most 500 characters');
    const user = await users.findByEmail(database.db, normalizeEmail(email));
    if (!user) {
      print(`No user with email ${email}.`);
      return 1;
    }
    if (user.role !== 'trader') {
      print(`${user.email} is a ${user.role}: only traders have a rating.`);
      return 1;
    }
    const after = await adjustRatingAudited(
      createRatingService({ database }),
      CLI_AUDIT_ACTOR,
      user,
      tenths,
      reason,
    );
    print(`Adjusted ${user.email} by ${signedPoints(tenths)} points: now ${pointsText(after.pointsTenths)}.`);
    return 0;
  },
};

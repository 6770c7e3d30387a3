import { type ApiKey, createApiKeyBody, normalizeEmail } from '@app/shared';
import { ADMIN_CLI_ACTOR, recordAudit } from '../../modules/admin/admin.service.ts';
import {
  type AdminKeyRefusal,
  createMerchantKeysService,
} from '../../modules/merchants/merchant-keys.service.ts';
import { type AdminCommand, UsageError } from './types.ts';

/** The name a key gets when the operator gives none. */
const DEFAULT_KEY_NAME = 'CLI';

const REFUSALS: Record<AdminKeyRefusal, (email: string) => string> = {
  'user-not-found': (email) => `No user with email ${email}.`,
  'not-merchant': (email) => `${email} is not a merchant; API keys are for merchants only.`,
  'too-many-keys': (email) => `${email} already has the maximum of active keys; revoke one first.`,
};

/** One line per key: id, prefix, state, name, created, last used. */
function keyLine(key: ApiKey): string {
  const state = key.revoked_at ? `revoked ${key.revoked_at}` : 'active';
  return [
    key.id,
    `${key.prefix}…`,
    state,
    JSON.stringify(key.name),
    `created ${key.created_at}`,
    `last used ${key.last_used_at ?? 'never'}`,
  ].join('  ');
}

/**
 * `npm run admin -- merchant-key create EMAIL [--name NAME] | list EMAIL | revoke KEY_ID`: a merchant's API
 * keys from the command line (the same rules as Settings → API). The key is printed once, at creation.
 */
export const merchantKeyCommand: AdminCommand = {
  name: 'merchant-key',
  usage: 'merchant-key create EMAIL [--name NAME] | merchant-key list EMAIL | merchant-key revoke KEY_ID',
  summary: 'Creates (prints the key once), lists or revokes a merchant’s API keys.',
  async run({ positional, flags }, { database, print }) {
    const [action, target] = positional;
    const service = createMerchantKeysService({ database });
    if (action === 'create') {
      if (!target) throw new UsageError('expected: merchant-key create EMAIL [--name NAME]');
      const name = createApiKeyBody.safeParse({ name: flags.name ?? DEFAULT_KEY_NAME });
      if (!name.success) throw new UsageError('--name must be 1 to 50 characters');
      const result = await service.createKeyForEmail(target, name.data.name, (tx, key) =>
        recordAudit(tx, ADMIN_CLI_ACTOR, {
          action: 'api_key.create',
          target: normalizeEmail(target),
          after: { id: key.id, name: key.name, prefix: key.prefix },
        }),
      );
      if (!result.ok) {
        print(REFUSALS[result.reason](target));
        return 1;
      }
      print(`Created key ${result.key.id} (${JSON.stringify(result.key.name)}) for ${target}.`);
      print('Copy it now; it is not shown again:');
      print(result.key.key);
      return 0;
    }
    if (action === 'list') {
      if (!target) throw new UsageError('expected: merchant-key list EMAIL');
      const keys = await service.listKeysForEmail(target);
      if (keys === null) {
        print(REFUSALS['user-not-found'](target));
        return 1;
      }
      if (keys.length === 0) print(`${target} has no API keys.`);
      for (const key of keys) print(keyLine(key));
      return 0;
    }
    if (action === 'revoke') {
      if (!target) throw new UsageError('expected: merchant-key revoke KEY_ID');
      const key = await service.revokeKeyById(target, {
        audit: (tx, revoked) =>
          recordAudit(tx, ADMIN_CLI_ACTOR, {
            action: 'api_key.revoke',
            target: revoked.id,
            after: { id: revoked.id, prefix: revoked.prefix, revoked_at: revoked.revoked_at },
          }),
      });
      if (!key) {
        print(`No API key with id ${target}.`);
        return 1;
      }
      print(`Revoked ${key.id} (${key.prefix}…) at ${key.revoked_at}.`);
      return 0;
    }
    throw new UsageError('expected: create, list or revoke');
  },
};

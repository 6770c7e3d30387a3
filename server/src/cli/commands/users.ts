import { emailError, normalizeEmail, passwordError, USER_ROLES, type UserRole } from '@app/shared';
import { ADMIN_CLI_ACTOR, recordAudit } from '../../modules/admin/admin.service.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import * as users from '../../modules/users/users.service.ts';
import { type AdminCommand, UsageError } from './types.ts';

export const createUserCommand: AdminCommand = {
  name: 'create-user',
  usage: 'create-user --email E --password P --role trader|merchant|support|admin [--lead]',
  summary:
    'Creates a user (the password must meet the sign-up rules); --role admin makes an operator console account.',
  async run({ flags }, { database, print }) {
    const email = normalizeEmail(flags.email ?? '');
    const password = flags.password ?? '';
    const role = (flags.role ?? 'trader') as UserRole;
    const problems = [emailError(email), passwordError(password)].filter(Boolean);
    if (!USER_ROLES.includes(role)) problems.push(`role must be one of ${USER_ROLES.join(', ')}`);
    if (problems.length) throw new UsageError(problems.join('\n'));
    if (await users.findByEmail(database.db, email)) {
      print(`A user with email ${email} already exists.`);
      return 1;
    }
    const passwordHash = await hashPassword(password);
    const user = await database.db.transaction(async (tx) => {
      const created = await users.insertUser(tx, {
        email,
        passwordHash,
        role,
        isLead: flags.lead === 'true',
      });
      await recordAudit(tx, ADMIN_CLI_ACTOR, {
        action: 'user.create',
        target: created.email,
        after: { id: created.id, role: created.role, is_lead: created.isLead },
      });
      return created;
    });
    print(`Created ${user.role}${user.isLead ? ' (lead)' : ''} ${user.email} (${user.id}).`);
    return 0;
  },
};

export const setLeadCommand: AdminCommand = {
  name: 'set-lead',
  usage: 'set-lead EMAIL true|false',
  summary: 'Grants or removes the lead flag.',
  async run({ positional }, { database, print }) {
    const [email, value] = positional;
    if (!email || (value !== 'true' && value !== 'false'))
      throw new UsageError('expected EMAIL and true or false');
    const user = await database.db.transaction(async (tx) => {
      const before = await users.findByEmail(tx, normalizeEmail(email));
      const after = before && (await users.setLead(tx, before.email, value === 'true'));
      if (before && after) {
        await recordAudit(tx, ADMIN_CLI_ACTOR, {
          action: 'user.lead',
          target: after.email,
          before: { is_lead: before.isLead },
          after: { is_lead: after.isLead },
        });
      }
      return after;
    });
    if (!user) {
      print(`No user with email ${email}.`);
      return 1;
    }
    print(`${user.email} is ${user.isLead ? 'now a lead' : 'no longer a lead'}.`);
    return 0;
  },
};

export const listUsersCommand: AdminCommand = {
  name: 'list-users',
  usage: 'list-users',
  summary: 'Lists every user with role and lead flag.',
  async run(_args, { database, print }) {
    const rows = await users.listUsers(database.db);
    if (rows.length === 0) print('No users yet.');
    for (const user of rows) {
      print(
        `${user.email.padEnd(36)} ${user.role.padEnd(9)} ${user.isLead ? 'lead' : '    '} ${user.createdAt.toISOString()}`,
      );
    }
    return 0;
  },
};

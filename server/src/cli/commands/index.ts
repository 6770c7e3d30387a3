import type { AdminCommand } from './types.ts';
import { createUserCommand, listUsersCommand, setLeadCommand } from './users.ts';

/** Every admin command. Add a command here (one line) and in its own file beside this one. */
export const ADMIN_COMMANDS: AdminCommand[] = [createUserCommand, setLeadCommand, listUsersCommand];

/**
 * The users module's public face: other modules and the CLI import this file, never users.repository.ts.
 * The module has no rules of its own yet (the profile routes of Settings live in the account module), so today its
 * face passes the repository's functions through; rules put here later reach every caller without touching them.
 */
export {
  findByEmail,
  findById,
  insertUser,
  listUsers,
  type NewUser,
  setLead,
  setPassword,
  type UserRow,
} from './users.repository.ts';

import { customType, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The user's avatar thumbnail (256×256 JPEG, metadata stripped), named in its URL by the SHA-256 of the
 * content. Mirrors migrations/0011_account_settings.sql, which also makes usernames unique regardless of case
 * (users_username_key on lower(username)).
 */
export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  sha256: text('sha256').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

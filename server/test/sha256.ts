/** The hex SHA-256 the tests compute on their own to check what the server stores hashed (tokens, keys, files). */
import { createHash } from 'node:crypto';

export const sha256 = (value: Buffer | string) => createHash('sha256').update(value).digest('hex');

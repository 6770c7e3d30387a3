import pino, { type Logger } from 'pino';

/** The process logger: JSON lines, secrets redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.otp',
        '*.code_otp',
        '*.new_password',
        '*.confirm_password',
      ],
      censor: '[redacted]',
    },
  });
}

import { SMTPServer } from 'smtp-server';

/** A message a test SMTP server received: its envelope recipients and the raw message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A local SMTP server (no auth, no TLS) that appends every message it receives to `received`. */
export function smtpReceiver(received: ReceivedMail[]): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
}

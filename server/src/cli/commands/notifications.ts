import { cliContext } from './cli-context.ts';
import { type AdminCommand, limitFlag, UsageError } from './types.ts';

/** One line of text for a terminal: newlines of a multi-line SMS become ' ⏎ '. */
const oneLine = (text: string) => text.replace(/\s*\r?\n\s*/g, ' ⏎ ');

/** `npm run admin -- notifications unparsed [--limit N]`: bank texts no parser understood, newest first. */
export const notificationsCommand: AdminCommand = {
  name: 'notifications',
  usage: 'notifications unparsed [--limit N]',
  summary:
    'Lists the newest bank notifications no parser understood (time, terminal, sender, text), to add formats.',
  async run({ positional, flags }, { database, config, print }) {
    const [action] = positional;
    if (action !== 'unparsed') throw new UsageError('expected: notifications unparsed');
    const limit = limitFlag(flags, 50);
    const rows = await cliContext({ database, config }).device.listUnparsed(limit);
    if (rows.length === 0) {
      print('No unparsed notifications.');
      return 0;
    }
    for (const row of rows) {
      const title = row.title ? `[${oneLine(row.title)}] ` : '';
      print(
        [
          row.createdAt.toISOString(),
          `${row.terminalName} (${row.terminalId})`,
          `${row.source} ${row.sender}`,
          `${title}${oneLine(row.body)}`,
        ].join('  '),
      );
    }
    return 0;
  },
};

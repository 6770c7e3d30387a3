import { z } from 'zod';
import '../zod-messages.ts';
import { disputeResolveBody } from './contracts.ts';
import { disputeFileError, transactionIdError } from './messages.ts';

/**
 * The web's dispute forms (spec §5, §8 Disputes), checked in the browser before anything is sent with the same
 * rules and texts as the server's contracts: support's "Create dispute" and the verdict.
 */

/** A rule that says its own message (null = fine) as the field's one issue. */
function check<T>(rule: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

/** The first problem of the picked attachments (type, then size), or null. */
export function disputeFilesError(files: readonly DisputeFileLike[]): string | null {
  return files.map(disputeFileError).find((message) => message !== null) ?? null;
}

/** What the rules read of an attachment; the browser's File (shared code knows no DOM). */
export interface DisputeFileLike {
  name: string;
  size: number;
}

/** Support's "Create dispute": a transaction id (required, UUID), an optional comment, attachments. */
export function createDisputeForm<F extends DisputeFileLike>() {
  return z.object({
    transactionId: z
      .string()
      .superRefine(check(transactionIdError))
      .transform((value) => value.trim()),
    note: z.string().transform((value) => value.trim()),
    files: z.array(z.custom<F>()).superRefine(check(disputeFilesError)),
  });
}

/** Support's verdict: one of the three resolutions (picked by its button) and an optional comment; the body as sent. */
export const disputeVerdictForm = disputeResolveBody;
export type DisputeVerdictInput = z.input<typeof disputeVerdictForm>;

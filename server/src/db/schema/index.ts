// One file per domain; each mirrors its SQL migration in server/migrations.
export * from './account.ts';
export * from './admin.ts';
export * from './auth.ts';
export * from './deals.ts';
export * from './disputes.ts';
export * from './ledger.ts';
export * from './mail.ts';
export * from './merchant.ts';
export * from './payments.ts';
export * from './rating.ts';
export * from './referrals.ts';
export * from './telegram.ts';
export * from './terminals.ts';
export * from './wallet.ts';

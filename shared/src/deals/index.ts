export * from './contracts.ts';
export * from './lifecycle.ts';
export * from './messages.ts';
export * from './money.ts';

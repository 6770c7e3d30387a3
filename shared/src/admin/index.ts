export * from './contracts.ts';
export * from './messages.ts';

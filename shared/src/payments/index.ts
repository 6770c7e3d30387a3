export * from './bank-colors.ts';
export * from './contracts.ts';
export * from './limits.ts';
export * from './masks.ts';
export * from './messages.ts';
export * from './rules.ts';

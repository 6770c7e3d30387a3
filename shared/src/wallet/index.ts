export * from './contracts.ts';
export * from './form.ts';
export * from './messages.ts';

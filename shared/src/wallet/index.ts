export * from './contracts.ts';
export * from './messages.ts';
export * from './form.ts';

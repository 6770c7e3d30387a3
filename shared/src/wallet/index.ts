export * from './contracts.ts';
export * from './form.ts';
export * from './messages.ts';
export * from './tron-address.ts';

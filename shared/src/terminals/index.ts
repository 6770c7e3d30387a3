export * from './constants.ts';
export * from './contracts.ts';
export * from './device-contracts.ts';
export * from './forwarder-apps.ts';
export * from './messages.ts';

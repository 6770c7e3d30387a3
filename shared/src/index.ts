export * from './api-paths.ts';
export * from './auth/field-messages.ts';
export * from './auth/messages.ts';
export * from './auth/rules.ts';
export * from './constants.ts';
export * from './http.ts';
export * from './input-filters.ts';
export * from './money.ts';
export * from './payments/index.ts';
export * from './roles.ts';
export * from './terminals/index.ts';
export * from './wallet/balance.ts';
export * from './wallet/dashboard.ts';
export * from './wallet/index.ts';
export * from './web-texts.ts';
// The Russian default messages of zod; every module that builds schemas also imports it for its side effect.
export * from './zod-messages.ts';

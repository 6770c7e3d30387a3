export * from './api-paths.ts';
export * from './auth/rules.ts';
export * from './constants.ts';
export * from './http.ts';
export * from './input-filters.ts';
export * from './money.ts';
export * from './roles.ts';
export * from './web-texts.ts';

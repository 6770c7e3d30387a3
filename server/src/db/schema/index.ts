// One file per domain; each mirrors its SQL migration in server/migrations.
export * from './auth.ts';

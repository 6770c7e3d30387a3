-- Issue 24: a terminal is either our QR-paired device protocol ('terminal-manager', device/v1 with a bearer
-- token) or a forwarder app on the trader's phone posting to the terminal's own URL device/v1/hooks/<token>:
-- SmsForwarder, SMS Gateway for Android, Incoming SMS to URL forwarder, or an automation app (MacroDroid,
-- Tasker). A forwarder terminal is activated when the trader verifies the mailed code with the app chosen.

alter table terminals
  add column app text not null default 'terminal-manager'
    check (app in ('terminal-manager', 'smsforwarder', 'sms-gateway', 'sms-to-url', 'automation')),
  -- SHA-256 (hex) of the 256-bit token in the forwarder's URL, like device_token_hash: the token itself is
  -- shown once (pairing, a new URL) and stored nowhere. Null after deletion (the URL answers 401 at once).
  add column hook_token_hash text unique,
  -- The signing secret typed into SmsForwarder or SMS Gateway. Kept readable, not hashed: both apps sign with
  -- HMAC-SHA256 keyed by it, so checking a signature needs the key itself, and the setup screen shows it again
  -- with a new URL. It is no credential on its own: a request needs the URL's token first, which is stored
  -- only hashed, so a reader of this table still cannot post as the phone. (Sealing it under a key kept in the
  -- same database would add nothing against such a reader.) Null for the apps that do not sign and after
  -- deletion.
  add column hook_secret text check (hook_secret is null or hook_secret ~ '^[A-Za-z0-9]{24}$'),
  -- A QR terminal never has a forwarder URL; a forwarder never has a device token or a pairing key.
  add constraint terminals_app_credentials check (
    (app = 'terminal-manager' and hook_token_hash is null and hook_secret is null)
    or (app <> 'terminal-manager' and device_token_hash is null and pairing_key_hash is null)
  ),
  -- The signing apps always have a secret while the terminal exists; the others never have one.
  add constraint terminals_hook_secret_apps check (
    case when app in ('smsforwarder', 'sms-gateway') and activated_at is not null and deleted_at is null
      then hook_secret is not null
      else hook_secret is null
    end
  );

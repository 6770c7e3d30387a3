-- Device bearer tokens are stored nowhere but as their SHA-256 on the terminal (issue 23). The Idempotency-Key
-- store used to keep a successful activate answer whole, device token included, for its 24 hours; from now on
-- it keeps the answer without the token and answers a repeat with a new one (device.routes.ts). Drop the token
-- from the answers kept so far: a repeat of such an activation is answered the new way.
update idempotency_keys
set response_body = (response_body::jsonb - 'device_token')::text
where scope like 'activate:%'
  and status_code = 200
  and response_body is not null;

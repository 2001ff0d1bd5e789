-- Sign-in and deletion-link limits (server/lib/rate-limit.ts), counted here so that they hold across server processes:
-- a fixed window per key, the SHA-256 of the limit's name and what it counts (an address, an e-mail).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  -- When the window ends, in ms since the epoch.
  reset_at bigint NOT NULL
);
-- Expired windows are removed a batch at a time.
CREATE INDEX rate_limits_reset ON rate_limits (reset_at);

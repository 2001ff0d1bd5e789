-- A sign-in challenge is bound to the admin's state when it was given (server/routes/two-factor.ts): their token
-- version, which a new password or a disabling moves on, and for a code the two-factor it asks a code of (when that
-- was enabled). A challenge from before this step has neither, and is refused like an expired one.
ALTER TABLE sign_in_challenges
  ADD COLUMN token_version integer,
  ADD COLUMN two_factor_since timestamptz(3);

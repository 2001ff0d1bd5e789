-- Two-factor set up during a sign-in ends with its recovery codes shown: the session starts only once the admin has
-- them, with the 'codes' challenge the set-up answers (POST /api/login/two-factor/acknowledge), so that a sign-in
-- abandoned on the codes leaves no live session.
ALTER TABLE sign_in_challenges DROP CONSTRAINT sign_in_challenges_kind_check;
ALTER TABLE sign_in_challenges ADD CONSTRAINT sign_in_challenges_kind_check
  CHECK (kind IN ('code', 'enrol', 'codes'));

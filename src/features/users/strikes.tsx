import type { User } from './api';
import { USERS_TEXT } from './strings';

type StrikeCounts = Pick<User, 'strikes' | 'strikesReversed'>;

/** '2 strikes', and '· 1 reversed' where restrictions of the window were reversed on appeal ('restrictions'). */
export const strikesText = (user: StrikeCounts) => {
  const reversed = user.strikesReversed ?? 0;
  const count = USERS_TEXT.strikeCount(user.strikes ?? 0);
  return reversed > 0 ? `${count} · ${USERS_TEXT.reversed(reversed)}` : count;
};

/**
 * A member's strikes, with those reversed on appeal (no strike) beside the figure. Plain elements: the users list
 * renders one per row.
 */
export function Strikes({ user }: { user: StrikeCounts }) {
  const reversed = user.strikesReversed ?? 0;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {USERS_TEXT.strikeCount(user.strikes ?? 0)}
      {reversed > 0 ? (
        <span style={{ color: 'var(--mantine-color-dimmed)' }}> · {USERS_TEXT.reversed(reversed)}</span>
      ) : null}
    </span>
  );
}

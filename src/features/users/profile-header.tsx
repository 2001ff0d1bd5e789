import { Button, Group } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleX, IconGavel, IconNote } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { onDemand } from '@/components/on-demand';
import { parseDate } from '@/lib/dates';
import { userName } from '@/lib/declared-columns';
import { formatDate } from '@/lib/format';
import { useFeature, usePermission } from '@/lib/core/session';
import type { User } from './api';
import { USERS_TEXT } from './strings';
import { restrictMember } from './user-status-button';

/** The header's words ('member-summary'): apart from USERS_TEXT, which the users list's first load carries. */
export const HEADER_TEXT = {
  summary: 'Member summary',
  age: 'Age',
  years: (count: number) => (count === 1 ? '1 year' : `${count} years`),
  joined: 'Joined',
  lastActive: 'Last active',
  verified: 'Verified',
  yes: 'Yes',
  no: 'No',
  strikes: 'Strikes',
  /** '2 strikes', and '(1 reversed)' where restrictions of the window were reversed on appeal: no strike. */
  strikeCount: (strikes: number, reversed: number) =>
    reversed > 0
      ? `${USERS_TEXT.strikeCount(strikes)} (${USERS_TEXT.reversed(reversed)})`
      : USERS_TEXT.strikeCount(strikes),
  restriction: 'Restriction',
  none: 'None',
  suspendedUntil: (until: string) => `Suspended until ${until}`,
  deactivated: 'Deactivated',
  addNote: 'Add note',
  addNoteTitle: (name: string) => `Add a note on ${name}`,
  restrict: 'Restrict',
} as const;

const UNITS: [limit: number, unit: string, size: number][] = [
  [60, 'minute', 1],
  [24 * 60, 'hour', 60],
  [31 * 24 * 60, 'day', 24 * 60],
  [365 * 24 * 60, 'month', 30 * 24 * 60],
];

/** How long ago `at` was, in its largest whole unit: 'just now', '5 minutes ago', '3 days ago', '2 years ago'. */
export function timeAgo(at: Date, now: number): string {
  const minutes = Math.max(0, Math.floor((now - at.getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  const [, unit, size] = UNITS.find(([limit]) => minutes < limit) ?? [0, 'year', 365 * 24 * 60];
  const count = Math.floor(minutes / size);
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** Whole years from a date of birth (a calendar day) to today, or null when there is none. */
export function yearsSince(dob: string | null, today: Date): number | null {
  const born = dob && /^\d{4}-\d{2}-\d{2}/.test(dob) ? dob.slice(0, 10).split('-').map(Number) : null;
  if (!born) return null;
  const [year, month, day] = born as [number, number, number];
  const hadBirthday =
    today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  const years = today.getFullYear() - year - (hadBirthday ? 0 : 1);
  return years >= 0 ? years : null;
}

/** 'Suspended until 6 Dec 2026, Spam or scam, R-7KD2QX9P'; 'Deactivated, …' for good; 'None'. */
export function restrictionText(user: Pick<User, 'enabled' | 'restriction'>): string {
  const { restriction } = user;
  if (!restriction) return user.enabled ? HEADER_TEXT.none : HEADER_TEXT.deactivated;
  const state = restriction.endsAt
    ? HEADER_TEXT.suspendedUntil(formatDate(restriction.endsAt))
    : HEADER_TEXT.deactivated;
  return [state, restriction.policy?.name, restriction.reference].filter(Boolean).join(', ');
}

// The note form (with the form kit) comes when the admin asks for it: the header paints first and without it.
const useNoteDialog = onDemand(() => import('./add-note-dialog').then((module) => module.AddNoteDialog));

function AddNote({ user }: { user: Pick<User, '_id' | 'name' | 'surname'> }) {
  const dialog = useNoteDialog();
  const [open, setOpen] = useState(false);
  const Dialog = open ? dialog.loaded : null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconNote size={14} aria-hidden />}
        loading={open && dialog.pending}
        onClick={() => {
          setOpen(true);
          dialog.request();
        }}
      >
        {HEADER_TEXT.addNote}
      </Button>
      {Dialog ? (
        <Dialog
          userId={user._id}
          title={HEADER_TEXT.addNoteTitle(userName(user, '-'))}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What a moderator needs first, under the profile's name ('member-summary', from the profile's one read): age, joined,
 * last active, verified, and with 'restrictions' the strikes (those reversed on appeal apart) and the restriction in
 * force, with Add note ('member-notes', members.note) and Restrict ('restrictions', members.status) beside it.
 * Against an API without 'member-summary' the profile has none of it.
 */
export function ProfileHeaderFacts({ user }: { user: User }) {
  const restricts = useFeature('restrictions');
  const notes = useFeature('member-notes');
  const writesNotes = usePermission('members.note');
  const changesStatus = usePermission('members.status');
  const now = new Date();
  const age = yearsSince(user.dob, now);
  const lastActive = parseDate(user.lastActiveAt);
  const canNote = notes && writesNotes;
  const canRestrict = restricts && changesStatus;
  return (
    <section aria-label={HEADER_TEXT.summary} className="profile-summary">
      <dl className="profile-facts">
        <Fact label={HEADER_TEXT.age}>{age === null ? '-' : HEADER_TEXT.years(age)}</Fact>
        <Fact label={HEADER_TEXT.joined}>{formatDate(user.createdAt)}</Fact>
        <Fact label={HEADER_TEXT.lastActive}>
          {lastActive ? `${timeAgo(lastActive, now.getTime())}, ${formatDate(user.lastActiveAt)}` : '-'}
        </Fact>
        <Fact label={HEADER_TEXT.verified}>
          <span className="profile-verified">
            {user.isVerified ? (
              <IconCircleCheckFilled size={16} color="var(--mantine-color-blue-6)" aria-hidden />
            ) : (
              <IconCircleX size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            )}
            {user.isVerified ? HEADER_TEXT.yes : HEADER_TEXT.no}
          </span>
        </Fact>
        {restricts ? (
          <Fact label={HEADER_TEXT.strikes}>
            {HEADER_TEXT.strikeCount(user.strikes ?? 0, user.strikesReversed ?? 0)}
          </Fact>
        ) : null}
      </dl>
      {restricts || canNote ? (
        <Group className="profile-restriction" gap="sm" wrap="wrap">
          {restricts ? (
            <dl className="profile-restriction-fact">
              <Fact label={HEADER_TEXT.restriction}>{restrictionText(user)}</Fact>
            </dl>
          ) : null}
          {canNote || canRestrict ? (
            <Group gap="xs" wrap="wrap">
              {canNote ? <AddNote user={user} /> : null}
              {canRestrict ? (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconGavel size={14} aria-hidden />}
                  onClick={() => void restrictMember(user)}
                >
                  {HEADER_TEXT.restrict}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
      ) : null}
    </section>
  );
}

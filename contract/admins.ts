/**
 * Admin accounts ('admins'): the Admins screen, invitations and what an Owner does to another admin. The server and
 * the mocks answer with these words, and the console shows them.
 */

/** An admin signs in (active), cannot (disabled), or has not yet set a password from their invitation (invited). */
export const ADMIN_STATUSES = ['active', 'disabled', 'invited'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const ADMIN_STATUS_LABELS: Record<AdminStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  invited: 'Invited',
};

/** How long an invitation's link stays open. */
export const INVITATION_HOURS = 72;

/** The invitation's link, as the mail gives it and the console's public page reads it. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/invitation/${token}`;

/** A token as the server makes them (32 random bytes, base64url); anything else is no invitation. */
export const INVITATION_TOKEN = /^[\w-]{43}$/;

export const ADMIN_MESSAGES = {
  emailInUse: 'This e-mail address is already used by another account',
  lastOwner: 'There must be at least one active Owner: make another admin an Owner first',
  notYourself: 'You cannot disable your own account',
  ownTwoFactor: 'Change your own two-factor sign-in on the Two-factor tab of your profile',
  noTwoFactor: 'This admin has no two-factor sign-in to reset',
  notInvited: 'This admin has already accepted an invitation',
  invitationUnknown: 'This invitation link is not valid. Ask an Owner for a new invitation.',
  invitationUsed: 'This invitation has already been used. Sign in with the password you set.',
  invitationReplaced: 'This invitation has been replaced by a newer one. Use the link in the latest mail.',
  invitationExpired: 'This invitation has expired. Ask an Owner for a new invitation.',
} as const;

/** The invitation's mail (subject and text), with its link. */
export function invitationMail(invitee: string, inviter: string, role: string, link: string) {
  return {
    title: 'You are invited to the admin console',
    body: `Hello ${invitee},\n\n${inviter} invites you to the admin console as ${role}.\n\nTo accept, open this link within ${INVITATION_HOURS} hours and choose your password:\n${link}\n\nThe link works once. If you did not expect this invitation, ignore this message.`,
  };
}

/**
 * Notes on a member ('member-notes'): short notes the team writes on a member's profile, each with who wrote it and
 * when, pinned ones first, then newest first.
 */

/** The longest note, in characters (after plainText). */
export const MEMBER_NOTE_MAX = 1000;

/** A profile's notes a page. */
export const MEMBER_NOTES_PAGE = 10;

// Roots of the query keys that more than one feature names: the owner declares its resource with the root, others read
// or invalidate under it by this name (features do not import each other). Plain constants: the calls modules that
// src/boot.ts loads on their own import this too.

/** The members: their lists and profiles (features/users), and the mail picker's pages of them (features/send-mail). */
export const USERS_KEY = 'users';

/** A member's moderation history ('user-history'), which a status change or a chat report's case change alters. */
export const USER_HISTORY_KEY = 'user-history';

/** The activity log ('activity-log'): the server logs every admin write, so each one refreshes it (query-client.ts). */
export const ACTIVITY_KEY = 'activity';

/**
 * The review queue and its count ('review-queue'), which a chat report's case change alters (its item closes or
 * opens again).
 */
export const REVIEW_QUEUE_KEY = 'review-queue';

/**
 * A member's restriction in force and open reports ('restrictions'), which the restriction dialog reads before a
 * restriction is made.
 */
export const RESTRICTIONS_KEY = 'restrictions';

/** The chat reports (features/chat-report), whose open cases a restriction closes as actioned under it. */
export const CHAT_REPORTS_KEY = 'chat-report';

import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ListState } from '@/lib/list-state';
import { patchUserStatus } from '@/lib/data/user-status';
import { CHAT_REPORTS_KEY, REVIEW_QUEUE_KEY, USER_HISTORY_KEY, USERS_KEY } from '@/lib/core/query-roots';
import { defineResource } from '@/lib/data/resource';
import { flag, id, optionalDate, optionalNumber, text } from '@/lib/data/schemas';
import {
  USER_ENDPOINTS,
  USER_FILTERS,
  USER_SORTS,
  readUsersList,
  usersListParams,
  usersPageParams,
  type UsersListParams,
} from './calls';

const mediaPath = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => value || null),
);

const user = z.object({
  _id: id,
  name: text,
  surname: text,
  email: text,
  phoneNumber: text,
  countryCode: text,
  gender: text,
  enabled: flag,
  isVerified: flag,
  image1: mediaPath,
  image2: mediaPath,
  image3: mediaPath,
  image4: mediaPath,
  audioPrompt: mediaPath,
  audioPromptType: text,
  hobbies: z.pipe(
    z.nullish(z.array(z.union([z.object({ name: text }), z.string()]))),
    z.transform((items) =>
      (items ?? []).map((item) => (typeof item === 'string' ? item : item.name)).filter(Boolean),
    ),
  ),
  interestIn: text,
  workout: text,
  lookingFor: text,
  height: optionalNumber,
  distance: optionalNumber,
  smoking: text,
  drinking: text,
  startAge: optionalNumber,
  endAge: optionalNumber,
  dob: optionalDate,
  address: text,
  introduction: text,
  answerPrompts: z.pipe(
    z.nullish(z.array(z.object({ type: text, description: text }))),
    z.transform((prompts) => prompts ?? []),
  ),
  /** 'restrictions': the member's active strikes, and those of the window reversed on appeal (not counted). */
  strikes: optionalNumber,
  strikesReversed: optionalNumber,
  createdAt: optionalDate,
  /** 'member-summary' (a member's read): when they last did something the server records. */
  lastActiveAt: optionalDate,
  /** 'member-summary' (a member's read): their restriction in force ('restrictions'), or null. */
  restriction: z.pipe(
    z.nullish(
      z.object({
        reference: text,
        policy: z.nullish(z.object({ name: text })),
        endsAt: optionalDate,
      }),
    ),
    z.transform((value) => value ?? null),
  ),
});

const plan = z.nullish(z.object({ productId: text, status: text }));

export type User = z.output<typeof user>;
export type UserPlan = NonNullable<z.output<typeof plan>>;

export { USER_FILTERS, USER_SORTS, readUsersList, usersListParams, usersPageParams, type UsersListParams };

/** SPEC 7.2: GET /api/admin/list (page, items, search, status and plan filters) and GET /api/user/read/{id}. */
export const userResource = defineResource<
  User,
  never,
  UsersListParams,
  { user: User; plan: UserPlan | null }
>({
  key: USERS_KEY,
  item: user,
  endpoints: USER_ENDPOINTS,
  pageParams: usersPageParams,
  detailAnswer: z.pipe(
    z.object({ result: user, plan }),
    z.transform((answer) => ({ user: answer.result, plan: answer.plan ?? null })),
  ),
});

export const userQueries = userResource.queries;

/** The users list the URL asks for: what /users shows and what its route prefetches (readUsersList). */
export const usersListQuery = (state: ListState<(typeof USER_FILTERS)[number]>) =>
  userQueries.page(usersListParams(state));

/**
 * What a status change alters: every reading of the members (lists, profiles, the mail picker) and their history; a
 * restriction also closes the member's open reports and their queue items ('restrictions').
 */
export const STATUS_CHANGES = [
  userResource.keys.all,
  USER_HISTORY_KEY,
  CHAT_REPORTS_KEY,
  REVIEW_QUEUE_KEY,
] as const;

/**
 * PATCH /api/admin/status/{id}?enabled=… (with a body { reason } when one is given, 'status-reason'): SPEC 8 reports its
 * failure under the title Error.
 */
export function useSetUserStatus() {
  return useMutation({
    mutationFn: patchUserStatus,
    meta: { invalidates: STATUS_CHANGES, errorTitle: 'Error' },
  });
}

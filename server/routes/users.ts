import { createHash, randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { CSV_BOM, csvHeadings, csvRow } from '../../contract/csv';
import { PASSWORD_MIN, TEXT_MAX } from '../../contract/limits';
import type { MemberSummary } from '../../contract/member-summary';
import { REASON_MAX } from '../../contract/moderation';
import { OPEN_REPORTS_LISTED, RESTRICTION_MESSAGES } from '../../contract/restrictions';
import { USER_EXPORT_COLUMNS, userExportFileName, userExportSummary } from '../../contract/user-export';
import { openReportsOf } from '../db/moderation';
import type { Db } from '../db/postgres/db';
import { inForceAnswer, restrictionInForce, strikesOf } from '../db/restrictions';
import { countedRows } from '../db/row-counts';
import { findTokenSession } from '../db/sessions';
import { userList } from '../db/user-list';
import {
  deleteMemberByRequest,
  emailTakenByOther,
  findAdmin,
  findDeletionRequest,
  findMember,
  findUserByEmail,
  hobbiesOf,
  insertDeletionRequest,
  lastActiveOf,
  membersByRowid,
  promptsOf,
  type UserRow,
} from '../db/users';
import { activityLog, refusalLog } from '../lib/activity';
import { issueToken, requireRecentProof } from '../lib/auth';
import {
  formBody,
  jsonBody,
  noBodyLimit,
  optionalJsonBody,
  shortJsonLimit,
  signInLimit,
  uploadLimit,
} from '../lib/body';
import type { AppEnv } from '../lib/env';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { now, parseId } from '../lib/ids';
import { sendInBackground, type Mailer } from '../lib/mail';
import type { MailQueue } from '../lib/mail-queue';
import { pageBody, paging } from '../lib/paging';
import { adminPasswordRefusal, hashPassword, imitateCheck, verifyPassword } from '../lib/passwords';
import { clientAddress, peerAddress, RecentKeys, StoredRateLimiter, UnderWay } from '../lib/rate-limit';
import { parseRestriction } from '../lib/restrictions';
import { adminSafe, signIns } from '../lib/sign-in';
import { fileField, type FileKeeper } from '../lib/uploads';
import { selectUsers } from '../lib/user-list';
import { fields, freeText, optionalSecret, secret, text } from '../lib/validate';
import { CURRENT_PASSWORD_REQUIRED, saveProfile } from '../services/admin-profile';
import { restrict, setMemberActive } from '../services/restrictions';
import { twoFactorStep } from '../services/two-factor';
import { registerTwoFactorSignIn } from './two-factor';

/** The list's shape of a user: SPEC 3's fields, plus the plan when there is one. */
function summary(row: UserRow) {
  return {
    _id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phoneNumber: row.phone_number,
    countryCode: row.country_code,
    gender: row.gender,
    enabled: row.enabled,
    isVerified: row.is_verified,
    image1: row.image1,
    image2: row.image2,
    image3: row.image3,
    image4: row.image4,
    plan: row.product_id ? { productId: row.product_id, status: row.plan_status } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Users the export reads at a time (about 100 KB of CSV), each batch written before the next is read. */
const EXPORT_BATCH = 1000;
type ExportRow = { country_code: string; phone_number: string; gender: string };

/** The longest client address a session or a log entry keeps (a forwarded one is whatever the proxy sent). */
const ADDRESS_MAX = 100;

export function registerPublicUserRoutes(
  app: Hono<AppEnv>,
  {
    db,
    keeper,
    mailer,
    publicUrl,
    jwtSecret,
    tokenTtlSeconds,
    sessionIdleMinutes,
    trustProxy,
  }: {
    db: Db;
    keeper: FileKeeper;
    mailer: Mailer;
    publicUrl: string;
    jwtSecret: string;
    tokenTtlSeconds: number;
    sessionIdleMinutes: number;
    trustProxy: boolean;
  },
) {
  const refusals = refusalLog(db);
  const sessionPolicy = { tokenTtlSeconds, sessionIdleMinutes };
  const complete = signIns(db, { jwtSecret, policy: sessionPolicy });
  // Counted in the database: every server process on it sees the same attempts.
  const loginAttempts = new StoredRateLimiter(db, 'sign-in', 5, 15 * 60 * 1000);
  // Per client address too, whatever the e-mail: trying a new address each time gets no fresh attempts.
  const addressAttempts = new StoredRateLimiter(db, 'sign-in-address', 20, 15 * 60 * 1000);
  // Password checks wait their turn for the hashing (lib/passwords.ts): an address may have two in that queue.
  const checking = new UnderWay(2);
  // Their sign-ins take the hashing's priority lane, which a flood from other addresses cannot fill.
  const signedInFrom = new RecentKeys(30 * 24 * 60 * 60 * 1000);
  const deletionRequests = new StoredRateLimiter(db, 'deletion-link', 5, 60 * 60 * 1000);
  // Lengths are checked before anything else, so nothing large reaches the limiter or the password hash.
  const loginBody = fields({
    email: text('E-mail', { required: true, max: TEXT_MAX.signIn.email }).transform((value) =>
      value.toLowerCase(),
    ),
    password: secret('Password', { max: TEXT_MAX.signIn.password }),
    isRole: text('Role', { max: TEXT_MAX.signIn.isRole }),
  });
  app.post('/api/login', signInLimit, async (c) => {
    const { email, password, isRole } = loginBody.parse(await jsonBody(c));
    const address = clientAddress(c, trustProxy);
    const key = `${email}|${address}`;
    // Counted before the password check, so a burst of parallel guesses cannot all get past the limit; an attempt
    // the busy server refuses counts as well.
    const wait = (await addressAttempts.hit(address)) || (await loginAttempts.hit(key));
    if (wait)
      throw new HttpError(
        429,
        'Too many failed sign-in attempts. Try again later.',
        {},
        { 'Retry-After': String(wait) },
      );
    if (!checking.enter(address))
      throw new HttpError(
        429,
        'Too many sign-in attempts at once. Try again in a moment.',
        {},
        { 'Retry-After': '1' },
      );
    let user: UserRow | undefined;
    try {
      user = await findUserByEmail(db, email);
    } catch (error) {
      checking.leave(address);
      throw error;
    }
    const lane = signedInFrom.has(address) ? 'priority' : 'open';
    let valid: boolean;
    try {
      // An invited admin has no password yet: checked like an unknown address, so the time tells nothing.
      valid =
        user?.role === 'admin' && user.password_hash
          ? await verifyPassword(password, user.password_hash, lane)
          : await imitateCheck(lane);
    } finally {
      checking.leave(address);
    }
    const ip = peerAddress(c, trustProxy).slice(0, ADDRESS_MAX);
    const userAgent = c.req.header('user-agent') ?? '';
    const admin = user?.role === 'admin' ? user : undefined;
    // A disabled or invited admin is answered as a wrong password; the log says why.
    const usable = admin?.admin_status === 'active';
    if (!admin || !valid || !usable || (isRole !== undefined && isRole !== 'admin')) {
      // Only an attempt whose password was checked gets here: the limits above bound how many are logged.
      await refusals.append(null, {
        action: 'sign-in-failed',
        recordType: 'session',
        recordId: null,
        // The e-mail typed is kept only when it is an admin's: anything else typed there may be a password.
        recordName: admin?.email ?? '',
        summary: `${
          !admin
            ? 'No admin with this e-mail'
            : !valid
              ? 'Wrong password'
              : !usable
                ? `Account ${admin.admin_status}`
                : 'Not signing in as an admin'
        }, from ${ip}`,
      });
      throw new HttpError(401, 'Invalid email or password');
    }
    await loginAttempts.reset(key);
    await addressAttempts.undo(address);
    // With two-factor, the password leads to the second step (routes/two-factor.ts) instead of a session.
    const secondStep = await twoFactorStep(db, admin);
    if (secondStep) return c.json(secondStep);
    signedInFrom.remember(address);
    const { body } = await complete(admin, { ip, userAgent });
    return c.json(body);
  });
  registerTwoFactorSignIn(app, { db, complete, signedInFrom, trustProxy, policy: sessionPolicy });

  // SPEC 7.2 public deletion, made safe: same answer for every address, a mailed link confirms, nothing deleted now.
  const sameAnswer = {
    success: true,
    message: 'If an account exists for this address, we have sent a link to confirm its deletion.',
  };
  app.delete('/api/user/delete-account/:email', noBodyLimit, async (c) => {
    // Hono has already decoded the path; a malformed escape is left as is and fails as an address.
    const email = z
      .email('Please give a valid e-mail address')
      .max(254, 'Please give a valid e-mail address')
      .parse(c.req.param('email').trim().toLowerCase());
    const wait =
      (await deletionRequests.hit(`address:${clientAddress(c, trustProxy)}`)) ||
      (await deletionRequests.hit(`email:${email}`));
    if (wait)
      throw new HttpError(429, 'Too many requests. Try again later.', {}, { 'Retry-After': String(wait) });
    const user = await findUserByEmail(db, email);
    if (user && user.role === 'user') {
      const token = randomBytes(32).toString('base64url');
      const hash = createHash('sha256').update(token).digest('hex');
      const created = new Date();
      await insertDeletionRequest(db, {
        tokenHash: hash,
        email,
        createdAt: created.toISOString(),
        expiresAt: new Date(created.getTime() + 24 * 3600 * 1000).toISOString(),
      });
      const link = `${publicUrl}/api/user/delete-account/confirm?token=${token}`;
      sendInBackground(mailer, [
        {
          to: email,
          subject: 'Confirm the deletion of your account',
          text: `We received a request to delete the account of ${email}.\n\nTo delete it and all its data permanently, open this link within 24 hours and confirm on the page it opens:\n${link}\n\nIf you did not ask for this, ignore this message: nothing will change.`,
        },
      ]);
    }
    return c.json(sameAnswer);
  });

  /** The request a link's token opens, while it is unused and within its 24 hours. */
  const openRequest = async (token: unknown) => {
    if (typeof token !== 'string' || !/^[\w-]{20,100}$/.test(token)) return undefined;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const request = await findDeletionRequest(db, tokenHash);
    if (!request || request.used_at || Date.parse(request.expires_at) < Date.now()) return undefined;
    return { ...request, token, tokenHash };
  };
  const expired = (c: Context) =>
    c.html(
      page(
        'Link invalid or expired',
        '<p>This link is invalid or has expired. Please request the deletion of your account again.</p>',
      ),
      400,
    );

  // The pages carry the token: never cached (nor sent on as a referrer: see page()).
  app.use('/api/user/delete-account/confirm', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  // Opening the mailed link (or a mail scanner fetching it, GET or HEAD) only shows what will happen.
  app.get('/api/user/delete-account/confirm', async (c) => {
    const request = await openRequest(c.req.query('token'));
    if (!request) return expired(c);
    return c.html(
      page(
        'Delete your account?',
        `<p>This permanently deletes the account of <strong>${escapeHtml(request.email)}</strong> and all its data.
        It cannot be undone.</p>
        <form method="post" action="/api/user/delete-account/confirm">
          <input type="hidden" name="token" value="${escapeHtml(request.token)}">
          <button type="submit">Delete my account</button>
        </form>
        <p>If you did not ask for this, close this page: nothing will change.</p>`,
      ),
    );
  });

  // Only the page's button deletes, once.
  app.post('/api/user/delete-account/confirm', signInLimit, async (c) => {
    const body = await formBody(c).catch(() => ({}) as Record<string, unknown>);
    const request = await openRequest(body.token);
    if (!request) return expired(c);
    const deleted = await keeper.commit({}, async (_, tx) => {
      const files = await deleteMemberByRequest(tx, request.tokenHash, request.email, now());
      return { result: files !== undefined, replaced: files };
    });
    if (!deleted) return expired(c);
    return c.html(page('Account deleted', '<p>Your account and all its data have been deleted.</p>'));
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain page for the deletion link: no script (the CSP allows none inline), the form posts to this server. */
const page = (title: string, content: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #222; }
button { font: inherit; padding: 0.5rem 1rem; background: #c92a2a; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
</style>
</head>
<body>
<h1>${title}</h1>
${content}
</body>
</html>
`;

export function registerUserRoutes(
  app: Hono<AppEnv>,
  {
    db,
    keeper,
    queue,
    publicUrl,
    strikeDays,
    jwtSecret,
    tokenTtlSeconds,
    sessionIdleMinutes,
    trustProxy,
  }: {
    db: Db;
    keeper: FileKeeper;
    queue: MailQueue;
    publicUrl: string;
    /** How long a restriction counts as a strike ('restrictions'). */
    strikeDays: number;
    jwtSecret: string;
    tokenTtlSeconds: number;
    sessionIdleMinutes: number;
    trustProxy: boolean;
  },
) {
  const users = userList(db);
  /** Since when a restriction is an active strike: the last `strikeDays` days. */
  const strikesSince = () => new Date(Date.now() - strikeDays * 86_400_000).toISOString();
  const strikes = (ids: readonly string[]) => strikesOf(db, ids, strikesSince());
  const log = activityLog(db);
  const sessionPolicy = { tokenTtlSeconds, sessionIdleMinutes };

  app.get('/api/admin/dashboard', async (c) => {
    const [userCount, contactCount] = await Promise.all([
      users.countOfFilters({}),
      countedRows(db, 'contacts'),
    ]);
    return c.json({ success: true, message: 'Success', result: { userCount, contactCount } });
  });

  app.get('/api/admin/list', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const selection = selectUsers(query);
    // The page is found on an index alone (db/user-list.ts); only its rows are then read and joined with their plan.
    const { rowids, total, order } = await users.page(selection, offset, size);
    const rows = await membersByRowid(db, rowids, order, strikesSince());
    return c.json(
      pageBody(
        rows.map((row) => ({
          ...summary(row),
          strikes: row.strikes,
          strikesReversed: row.strikes_reversed,
        })),
        total,
        page,
        size,
      ),
    );
  });

  // The list as CSV (announced as 'users-export'): every matching user, in the list's order, read in batches from a
  // cursor and written as the client takes them, so neither side holds the list. It is logged before the first row
  // is sent: an export the client stops reading is on record too.
  // Every member's personal data, whatever the filters: asks for a recent proof ('step-up').
  app.get('/api/admin/list/export', async (c) => {
    requireRecentProof(c);
    const selection = selectUsers(c.req.query());
    const total = await users.count(selection);
    const at = new Date();
    await db.transaction((tx) =>
      log.record(tx, c.get('adminId'), {
        action: 'export',
        recordType: 'user-list',
        recordId: null,
        recordName: userExportFileName(at),
        summary: userExportSummary(
          (name) => c.req.query(name),
          total,
          peerAddress(c, trustProxy).slice(0, ADDRESS_MAX),
        ),
      }),
    );
    const batches = users.batches<ExportRow>(
      selection,
      'u.country_code, u.phone_number, u.gender',
      EXPORT_BATCH,
    );
    const encoder = new TextEncoder();
    let started = false;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          let text = '';
          if (!started) {
            started = true;
            text = CSV_BOM + csvHeadings(USER_EXPORT_COLUMNS);
          }
          const batch = await batches.next();
          if (!batch.done)
            for (const row of batch.value)
              text += csvRow(USER_EXPORT_COLUMNS, {
                name: row.name,
                surname: row.surname,
                email: row.email,
                countryCode: row.country_code,
                phoneNumber: row.phone_number,
                gender: row.gender,
                enabled: row.enabled,
              });
          if (text) controller.enqueue(encoder.encode(text));
          if (batch.done) controller.close();
        },
        async cancel() {
          await batches.return(undefined);
        },
      },
      // One batch waits at most: the next is read only once the client has taken this one.
      { highWaterMark: 1 },
    );
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${userExportFileName(at)}"`,
      'X-Total-Count': String(total),
      'Cache-Control': 'no-store',
    });
  });

  // The reason (announced as 'status-reason') is kept on the activity entry, which the user's history reads. It may
  // come in a JSON body ({ "reason": "…" }), which stays out of access logs, or in the query as before.
  // A deactivation is a restriction ('restrictions'; DECISIONS: a restriction cites a policy and the facts): its body
  // carries `restriction` (refused without it, or without a policy or facts), it may end at a time, and it mails the
  // member a statement of reasons unless withheld. The restriction's facts are the activity entry's reason, so a
  // reason is read for an activation only.
  const statusReason = freeText('Reason', { max: REASON_MAX });
  app.patch('/api/admin/status/:userId', shortJsonLimit, async (c) => {
    const userId = parseId(c.req.param('userId'));
    const enabled = z
      .enum(['true', 'false'], { error: "enabled must be 'true' or 'false'" })
      .parse(c.req.query('enabled'));
    const body = await optionalJsonBody(c);
    const inBody = Object.hasOwn(body, 'reason') ? body.reason : undefined;
    const inQuery = c.req.query('reason');
    if (inBody !== undefined && inQuery !== undefined)
      throw new HttpError(400, 'Send the reason once, in the body or in the query');
    const reason = statusReason.parse(inBody ?? inQuery);
    const restriction = parseRestriction(
      Object.hasOwn(body, 'restriction') ? body.restriction : undefined,
      Date.now(),
    );
    const after = enabled === 'true';
    if (restriction && after) throw new HttpError(400, RESTRICTION_MESSAGES.onlyDeactivation);
    if (!restriction && !after)
      throw new HttpError(400, RESTRICTION_MESSAGES.policyRequired, { field: 'policyId' });
    const message = after ? 'User activated successfully' : 'User deactivated successfully';
    const adminId = c.get('adminId');
    if (restriction) {
      const result = await restrict({ db, queue, publicUrl }, { adminId, userId, input: restriction });
      return c.json({ success: true, message, result });
    }
    await setMemberActive({ db }, { adminId, userId, active: after, reason });
    return c.json({ success: true, message });
  });

  // What restricting a member acts on ('restrictions'): the restriction in force it would replace, and the Open chat
  // reports it would close, with their review items.
  app.get('/api/admin/restrictions/member/:userId', async (c) => {
    const userId = parseId(c.req.param('userId'));
    if (!(await findMember(db, userId))) throw notFound('User');
    const [inForce, open] = await Promise.all([
      restrictionInForce(db, userId),
      openReportsOf(db, userId, OPEN_REPORTS_LISTED),
    ]);
    return c.json({
      success: true,
      message: 'Success',
      result: {
        inForce: inForceAnswer(inForce),
        openReports: {
          count: open.count,
          items: open.items.map((row) => ({
            _id: row.id,
            message: row.message,
            createdAt: row.created_at,
            reporter: row.reporter_id
              ? { _id: row.reporter_id, name: row.reporter_name ?? '', surname: row.reporter_surname ?? '' }
              : null,
            item: row.item_id
              ? {
                  _id: row.item_id,
                  state: row.item_state,
                  assignee: row.assignee_id ? { _id: row.assignee_id, name: row.assignee_name ?? '' } : null,
                }
              : null,
          })),
        },
      },
    });
  });

  app.get('/api/user/read', async (c) => {
    const row = await findAdmin(db, c.get('adminId'));
    if (!row) throw notFound('User');
    return c.json({ success: true, message: 'Success', result: { ...adminSafe(row), role: row.admin_role } });
  });

  app.get('/api/user/read/:userId', async (c) => {
    const row = await findMember(db, parseId(c.req.param('userId')));
    if (!row) throw notFound('User');
    const [hobbies, answerPrompts, counts, lastActiveAt, inForce] = await Promise.all([
      hobbiesOf(db, row.id),
      promptsOf(db, row.id),
      strikes([row.id]),
      lastActiveOf(db, row.id),
      restrictionInForce(db, row.id),
    ]);
    const { plan, ...user } = summary(row);
    // 'member-summary': the profile header's facts, in this one read.
    const memberSummary: MemberSummary = {
      lastActiveAt: lastActiveAt ?? row.created_at,
      restriction: inForceAnswer(inForce),
    };
    return c.json({
      success: true,
      status: 200,
      message: 'Success',
      plan,
      result: {
        ...user,
        audioPrompt: row.audio_prompt,
        audioPromptType: row.audio_prompt_type,
        hobbies,
        interestIn: row.interest_in,
        workout: row.workout,
        lookingFor: row.looking_for,
        height: row.height,
        distance: row.distance,
        smoking: row.smoking,
        drinking: row.drinking,
        startAge: row.start_age,
        endAge: row.end_age,
        dob: row.dob,
        address: row.address,
        introduction: row.introduction,
        answerPrompts,
        strikes: counts.get(row.id)?.strikes ?? 0,
        strikesReversed: counts.get(row.id)?.strikesReversed ?? 0,
        ...memberSummary,
      },
    });
  });

  const profileBody = fields({
    email: text('E-mail', { required: true, max: TEXT_MAX.profile.email, email: true }).transform((value) =>
      value.toLowerCase(),
    ),
    // Empty: the password stays as it is.
    password: optionalSecret('Password', { min: PASSWORD_MIN, max: TEXT_MAX.profile.password }),
    currentPassword: optionalSecret('Current password', { max: TEXT_MAX.profile.password }),
  });
  const PROFILE_FILES = { file: { label: 'Photo', kind: 'image' } } as const;
  // Every check of a password typed here is a guess at the admin's password: a few per admin, wherever from.
  const passwordChecks = new StoredRateLimiter(db, 'profile-password', 5, 15 * 60 * 1000);
  const onCurrentPassword = (message: string) => badRequest(message, 'currentPassword');
  /**
   * The new password the save sets, if it sets one, once the current password allows what it changes
   * ('profile-current-password'): a new e-mail or a new password needs it, a photo alone or nothing new does not.
   * Without `currentPassword`, a `password` is taken for the current one (SPEC's console sends it with every save).
   */
  async function checkCurrentPassword(
    admin: UserRow,
    change: { email: string; password?: string; currentPassword?: string },
  ): Promise<string | undefined> {
    const { email, password, currentPassword } = change;
    if (currentPassword === undefined && email !== admin.email)
      throw onCurrentPassword(CURRENT_PASSWORD_REQUIRED);
    const claimed = currentPassword ?? password;
    if (claimed === undefined) return undefined;
    // Counted before the check, so that parallel guesses cannot all get past the limit.
    const wait = await passwordChecks.hit(admin.id);
    if (wait)
      throw new HttpError(
        429,
        'Too many failed password attempts. Try again later.',
        { field: 'currentPassword' },
        { 'Retry-After': String(wait) },
      );
    // Signed in already: its hashing goes ahead of the sign-ins' queue.
    if (!(await verifyPassword(claimed, admin.password_hash, 'priority')))
      throw onCurrentPassword(
        currentPassword === undefined ? CURRENT_PASSWORD_REQUIRED : 'The current password is incorrect',
      );
    await passwordChecks.reset(admin.id);
    return password !== claimed ? password : undefined;
  }
  // A new password ends every other session; this one goes on with a fresh token, since the token version moves on.
  app.patch('/api/admin/profile/update', uploadLimit, async (c) => {
    const body = await formBody(c, PROFILE_FILES);
    const { email, password, currentPassword } = profileBody.parse(body);
    const adminId = c.get('adminId');
    const sessionId = c.get('sessionId');
    const file = fileField(body, 'file');
    const photo = file
      ? await keeper.uploads.check(PROFILE_FILES.file.label, file, PROFILE_FILES.file.kind)
      : undefined;
    const current = await findAdmin(db, adminId);
    if (!current) throw notFound('User');
    const newPassword = await checkCurrentPassword(current, { email, password, currentPassword });
    const passwordChanged = newPassword !== undefined;
    // Held to the admin password rule only once it is known to be new: SPEC's console sends the current one each save.
    const weak = passwordChanged ? await adminPasswordRefusal(newPassword) : undefined;
    if (weak) throw badRequest(weak, 'password');
    if (await emailTakenByOther(db, email, adminId))
      throw new HttpError(409, 'This e-mail address is already in use');
    const hash = passwordChanged ? await hashPassword(newPassword, 'priority') : current.password_hash;
    const row = await saveProfile(
      { db, keeper, policy: sessionPolicy },
      {
        adminId,
        sessionId,
        email,
        passwordHash: hash,
        passwordChanged,
        currentPasswordGiven: currentPassword !== undefined,
        photo,
      },
    );
    const session = await findTokenSession(db, sessionId);
    const token = await issueToken(
      { id: row.id, tokenVersion: row.token_version, sessionId },
      jwtSecret,
      tokenTtlSeconds,
      session ? Date.parse(session.created_at) : undefined,
    );
    return c.json({
      success: true,
      message: 'Profile updated successfully',
      result: { email: row.email, photo: row.photo ?? '', token },
    });
  });
}

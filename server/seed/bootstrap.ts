import { ADMIN_PASSWORD_RULE } from '../../contract/admin-password';
import { DEFAULT_ADMIN_PASSWORD } from '../config';
import {
  adminPasswordHashes,
  hasAdmin,
  insertChildSafetyPolicy,
  insertFirstAdmin,
  setFirstTwoFactorRequired,
} from '../db/first-start';
import type { Db } from '../db/postgres/db';
import { newId, now } from '../lib/ids';
import { adminPasswordRefusal, hashPassword, verifyPassword } from '../lib/passwords';

const DEFAULT_POLICY = `<h2>Child Safety Policy</h2>
<p>We have zero tolerance for child sexual abuse and exploitation (CSAE). Our service is for adults aged 18 and over.</p>
<ul>
<li>Accounts that appear to belong to minors are removed.</li>
<li>Anyone can report a profile, a message or a post from inside the app; reports are reviewed by our safety team within 24 hours.</li>
<li>Content that sexualises or endangers children is removed, the accounts involved are banned, and we report it to the competent authorities.</li>
</ul>
<p>Questions about this policy: <a href="mailto:safety@example.com">safety@example.com</a>.</p>`;

/**
 * What every database needs on first start: the admin account (an Owner) and the child safety policy. Creating the first admin
 * also sets whether two-factor is required of every admin (TWO_FACTOR_REQUIRED) when `twoFactorRequired` is given;
 * otherwise a new installation requires it (migration 008).
 */
export async function bootstrap(
  db: Db,
  admin: { email: string; password: string; twoFactorRequired?: boolean },
) {
  if (!(await hasAdmin(db))) {
    const passwordHash = await hashPassword(admin.password);
    const created = await insertFirstAdmin(db, { id: newId(), email: admin.email, passwordHash, at: now() });
    if (created && admin.twoFactorRequired !== undefined)
      await setFirstTwoFactorRequired(db, admin.twoFactorRequired);
  }
  await insertChildSafetyPolicy(db, DEFAULT_POLICY, now());
}

/**
 * Why a first start must not create its admin with ADMIN_PASSWORD, or undefined when it may: a password given is held
 * to the admin password rule, the published default among the refused; unset, the default is the zero-setup password,
 * for this machine only (server/main.ts refuses it on other addresses).
 */
export async function adminPasswordSettingRefusal(config: {
  adminPassword: string;
  adminPasswordGiven: boolean;
}): Promise<string | undefined> {
  if (!config.adminPasswordGiven) return undefined;
  const refusal = await adminPasswordRefusal(config.adminPassword);
  return (
    refusal &&
    `Refusing to start: ADMIN_PASSWORD is refused for the first admin (${refusal}). ${ADMIN_PASSWORD_RULE} Set another ADMIN_PASSWORD, or leave it unset to sign in with the published default on this machine only and change it in the profile.`
  );
}

/** The e-mails of the admins whose stored password is still DEFAULT_ADMIN_PASSWORD. */
export async function adminsWithDefaultPassword(db: Db): Promise<string[]> {
  const admins = await adminPasswordHashes(db);
  const defaulted = await Promise.all(
    admins.map((admin) => verifyPassword(DEFAULT_ADMIN_PASSWORD, admin.password_hash)),
  );
  return admins.filter((_, index) => defaulted[index]).map((admin) => admin.email);
}

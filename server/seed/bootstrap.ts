import { DEFAULT_ADMIN_PASSWORD } from '../config';
import type { Db } from '../db/connection';
import { newId, now } from '../lib/ids';
import { hashPassword, verifyPassword } from '../lib/passwords';

const DEFAULT_POLICY = `<h2>Child Safety Policy</h2>
<p>We have zero tolerance for child sexual abuse and exploitation (CSAE). Our service is for adults aged 18 and over.</p>
<ul>
<li>Accounts that appear to belong to minors are removed.</li>
<li>Anyone can report a profile, a message or a post from inside the app; reports are reviewed by our safety team within 24 hours.</li>
<li>Content that sexualises or endangers children is removed, the accounts involved are banned, and we report it to the competent authorities.</li>
</ul>
<p>Questions about this policy: <a href="mailto:safety@example.com">safety@example.com</a>.</p>`;

/** What every database needs on first start: the admin account and the child safety policy. */
export async function bootstrap(db: Db, admin: { email: string; password: string }) {
  const exists = db.prepare("SELECT 1 FROM users WHERE role = 'admin'").get();
  if (!exists) {
    const stamp = now();
    db.prepare(
      "INSERT INTO users (id, role, name, surname, email, password_hash, photo, created_at, updated_at) VALUES (?, 'admin', 'Admin', 'User', ?, ?, '', ?, ?)",
    ).run(newId(), admin.email, await hashPassword(admin.password), stamp, stamp);
  }
  db.prepare("INSERT OR IGNORE INTO policies (key, html, updated_at) VALUES ('childsafetypolicy', ?, ?)").run(
    DEFAULT_POLICY,
    now(),
  );
}

/** The e-mails of the admins whose stored password is still DEFAULT_ADMIN_PASSWORD. */
export async function adminsWithDefaultPassword(db: Db): Promise<string[]> {
  const admins = db
    .prepare<[], { email: string; password_hash: string | null }>(
      "SELECT email, password_hash FROM users WHERE role = 'admin'",
    )
    .all();
  const defaulted = await Promise.all(
    admins.map((admin) => verifyPassword(DEFAULT_ADMIN_PASSWORD, admin.password_hash)),
  );
  return admins.filter((_, index) => defaulted[index]).map((admin) => admin.email);
}

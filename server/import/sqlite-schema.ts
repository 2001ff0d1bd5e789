import type Database from 'better-sqlite3';

/**
 * The earlier SQLite server's schema, as numbered steps applied in order. PRAGMA user_version records how far a
 * database has come, so the import (import/sqlite.ts) brings an older file forward before copying it, as that server
 * did on start. Never edit a step that has shipped: add one.
 *
 * Much of it reads like db/postgres/migrations/001_schema.sql, on purpose: 001 was written from these steps, and the
 * importer must read the files that server left, so this is its record of them, not a copy to keep in step. The
 * SQLite server is gone and gains no step; PostgreSQL's schema moves on in its own migrations. What must hold between
 * them is that PostgreSQL still takes every SQLite column (import/sqlite.ts refuses a column it has no place for),
 * and server/test/import-sqlite.test.ts checks that: it builds a file with these steps, a row in every table, imports
 * it and compares the API's answers, so a migration that drops, renames or requires a column fails it.
 */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    name TEXT NOT NULL DEFAULT '',
    surname TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL COLLATE NOCASE UNIQUE,
    password_hash TEXT,
    photo TEXT,
    phone_number TEXT NOT NULL DEFAULT '',
    country_code TEXT NOT NULL DEFAULT '',
    gender TEXT NOT NULL DEFAULT '',
    enabled INTEGER NOT NULL DEFAULT 1,
    is_verified INTEGER NOT NULL DEFAULT 0,
    image1 TEXT, image2 TEXT, image3 TEXT, image4 TEXT,
    audio_prompt TEXT,
    audio_prompt_type TEXT,
    interest_in TEXT, workout TEXT, looking_for TEXT,
    height INTEGER, distance INTEGER,
    smoking TEXT, drinking TEXT,
    start_age INTEGER, end_age INTEGER,
    dob TEXT, address TEXT, introduction TEXT,
    -- The user's plan (user_plans.product_id), kept here by triggers so the list filters on one index.
    plan_product TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  -- The list is newest first, in order of creation (rowid). An index's entries end with the rowid, so each of these
  -- serves a filter and that order at once, and a page is read from the index without sorting.
  CREATE INDEX users_role ON users (role);
  CREATE INDEX users_role_enabled ON users (role, enabled);
  CREATE INDEX users_role_plan ON users (role, plan_product);
  CREATE INDEX users_role_plan_enabled ON users (role, plan_product, enabled);

  -- Substring search (the console searches from 3 characters) without scanning every row.
  CREATE VIRTUAL TABLE users_search USING fts5(
    name, surname, email, phone_number, content='users', content_rowid='rowid', tokenize='trigram'
  );
  CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search (rowid, name, surname, email, phone_number)
    VALUES (new.rowid, new.name, new.surname, new.email, new.phone_number);
  END;
  CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_search (users_search, rowid, name, surname, email, phone_number)
    VALUES ('delete', old.rowid, old.name, old.surname, old.email, old.phone_number);
  END;
  CREATE TRIGGER users_search_update AFTER UPDATE OF name, surname, email, phone_number ON users BEGIN
    INSERT INTO users_search (users_search, rowid, name, surname, email, phone_number)
    VALUES ('delete', old.rowid, old.name, old.surname, old.email, old.phone_number);
    INSERT INTO users_search (rowid, name, surname, email, phone_number)
    VALUES (new.rowid, new.name, new.surname, new.email, new.phone_number);
  END;

  CREATE TABLE user_plans (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL CHECK (product_id IN ('silver', 'gold', 'platinum')),
    status TEXT NOT NULL DEFAULT 'active'
  );
  CREATE INDEX user_plans_product ON user_plans (product_id);
  CREATE TRIGGER user_plans_insert AFTER INSERT ON user_plans BEGIN
    UPDATE users SET plan_product = new.product_id WHERE id = new.user_id;
  END;
  CREATE TRIGGER user_plans_update AFTER UPDATE OF product_id ON user_plans BEGIN
    UPDATE users SET plan_product = new.product_id WHERE id = new.user_id;
  END;
  CREATE TRIGGER user_plans_delete AFTER DELETE ON user_plans BEGIN
    UPDATE users SET plan_product = NULL WHERE id = old.user_id;
  END;

  CREATE TABLE user_prompts (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    type TEXT NOT NULL,
    description TEXT NOT NULL,
    PRIMARY KEY (user_id, position)
  );

  CREATE TABLE hobbies (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, icon TEXT, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE user_hobbies (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hobby_id TEXT NOT NULL REFERENCES hobbies (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, hobby_id)
  );

  CREATE TABLE languages (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE food_preferences (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE religious_beliefs (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE event_categories (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, icon TEXT, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE looking_for (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, icon TEXT, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE universities (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', email TEXT NOT NULL DEFAULT '',
    enabled INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE faqs (
    id TEXT PRIMARY KEY, question TEXT NOT NULL, answer TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE report_elements (
    id TEXT PRIMARY KEY, message TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  -- At most one settings record: the constant key makes a second insert fail.
  CREATE TABLE settings (
    id TEXT PRIMARY KEY, singleton INTEGER NOT NULL DEFAULT 1 UNIQUE CHECK (singleton = 1),
    privacy TEXT NOT NULL, terms_condition TEXT NOT NULL, image TEXT,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE policies (key TEXT PRIMARY KEY, html TEXT NOT NULL, updated_at TEXT NOT NULL);

  CREATE TABLE offers (
    id TEXT PRIMARY KEY, title TEXT NOT NULL, brand_logo TEXT, image TEXT, off REAL NOT NULL,
    minimum_purchase_amount REAL, minimum_member INTEGER, expire_date TEXT NOT NULL, description TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX offers_created ON offers (created_at DESC, id DESC);
  CREATE TABLE plans (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, benefit TEXT NOT NULL, plan_type TEXT NOT NULL, price TEXT NOT NULL,
    product_id TEXT NOT NULL, is_recommended INTEGER NOT NULL DEFAULT 0, enabled INTEGER NOT NULL DEFAULT 1,
    description TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE contacts (
    id TEXT PRIMARY KEY, title TEXT NOT NULL, email TEXT NOT NULL, phone_no TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX contacts_created ON contacts (created_at DESC, id DESC);
  CREATE TABLE events (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, venue TEXT NOT NULL,
    category_id TEXT REFERENCES event_categories (id) ON DELETE SET NULL,
    university_id TEXT REFERENCES universities (id) ON DELETE SET NULL,
    date TEXT NOT NULL, start_time TEXT NOT NULL, end_time TEXT NOT NULL, number_of_participants INTEGER NOT NULL,
    image TEXT, user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX events_created ON events (created_at DESC, id DESC);
  CREATE TABLE event_participants (
    event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (event_id, user_id)
  );
  CREATE TABLE posts (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, image1 TEXT, image2 TEXT, image3 TEXT, video TEXT,
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX posts_created ON posts (created_at DESC, id DESC);
  CREATE TABLE blog_categories (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE blogs (
    id TEXT PRIMARY KEY, title TEXT NOT NULL, slug TEXT NOT NULL, author TEXT NOT NULL, seo_title TEXT NOT NULL,
    category_id TEXT REFERENCES blog_categories (id) ON DELETE SET NULL, focus_keyword TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1, image TEXT, short_description TEXT NOT NULL, description TEXT NOT NULL,
    meta_description TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX blogs_created ON blogs (created_at DESC, id DESC);
  CREATE TABLE feedbacks (
    id TEXT PRIMARY KEY, user_id TEXT REFERENCES users (id) ON DELETE SET NULL, rating INTEGER NOT NULL,
    description TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE chat_reports (
    id TEXT PRIMARY KEY, message TEXT NOT NULL, reporter_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    reported_id TEXT REFERENCES users (id) ON DELETE SET NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE chat_blocks (
    id TEXT PRIMARY KEY, block_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    blocked_user TEXT REFERENCES users (id) ON DELETE SET NULL, message TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE mails (
    id TEXT PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, all_users INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE mail_recipients (
    mail_id TEXT NOT NULL REFERENCES mails (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (mail_id, user_id)
  );
  CREATE TABLE deletion_requests (
    token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL,
    used_at TEXT
  );
  `,
  // Tokens carry the version they were signed at; a password change bumps it, so older tokens stop working.
  `ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;`,
  // Mail as a durable job (server/lib/mail-queue.ts): one delivery row per recipient with its state, counters on the
  // mail kept in step by triggers, and All Users recorded as a bound to expand from rather than a row per user.
  `
  CREATE TABLE mail_deliveries (
    mail_id TEXT NOT NULL REFERENCES mails (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    -- When a queued delivery may next be tried (ms since the epoch): 0 at once, later after a transient failure.
    due_at INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    updated_at TEXT,
    PRIMARY KEY (mail_id, user_id)
  ) WITHOUT ROWID;
  -- The worker's next batch, without reading sent rows.
  CREATE INDEX mail_deliveries_due ON mail_deliveries (due_at) WHERE state = 'queued';
  -- A mail's recipients in one state (the recipients route's filter).
  CREATE INDEX mail_deliveries_state ON mail_deliveries (mail_id, state);
  -- Deleting a user removes their deliveries without scanning every mail's.
  CREATE INDEX mail_deliveries_user ON mail_deliveries (user_id);

  ALTER TABLE mails ADD COLUMN recipient_count INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE mails ADD COLUMN sent_count INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE mails ADD COLUMN failed_count INTEGER NOT NULL DEFAULT 0;
  -- All Users: the users rowid after which the audience is still to be expanded into deliveries (NULL once done),
  -- and the highest users rowid when the mail was stored (users created later are not in its audience).
  ALTER TABLE mails ADD COLUMN expand_after INTEGER;
  ALTER TABLE mails ADD COLUMN expand_until INTEGER;
  CREATE INDEX mails_created ON mails (created_at DESC, id DESC);
  CREATE INDEX mails_expanding ON mails (expand_after) WHERE expand_after IS NOT NULL;

  -- Mail stored before this step went out at the time: its recipients count as sent.
  INSERT INTO mail_deliveries (mail_id, user_id, state, attempts, updated_at)
    SELECT r.mail_id, r.user_id, 'sent', 1, m.created_at FROM mail_recipients r JOIN mails m ON m.id = r.mail_id;
  DROP TABLE mail_recipients;
  UPDATE mails SET recipient_count = (SELECT count(*) FROM mail_deliveries d WHERE d.mail_id = mails.id);
  UPDATE mails SET sent_count = recipient_count;

  CREATE TRIGGER mail_deliveries_state AFTER UPDATE OF state ON mail_deliveries WHEN old.state <> new.state BEGIN
    UPDATE mails SET sent_count = sent_count + (new.state = 'sent') - (old.state = 'sent'),
      failed_count = failed_count + (new.state = 'failed') - (old.state = 'failed')
    WHERE id = new.mail_id;
  END;
  CREATE TRIGGER mail_deliveries_delete AFTER DELETE ON mail_deliveries BEGIN
    UPDATE mails SET recipient_count = recipient_count - 1, sent_count = sent_count - (old.state = 'sent'),
      failed_count = failed_count - (old.state = 'failed')
    WHERE id = old.mail_id;
  END;

  -- Recipients and joined users in name order, a page at a time, without sorting a million rows (lib/members.ts).
  CREATE INDEX users_role_name ON users (role, name, id);
  `,
  // Sorted lists (sort=<field>&order=asc|desc, lib/sort.ts). The users list takes any of its filter sets (none, status,
  // plan, both) with any sort: `created` is the rowid and `status` is enabled then rowid, which the first step's
  // indexes already give for every filter set. Name and e-mail order get one index per filter set, its equality
  // columns first and the order after (then the rowid, as every index ends), so a page is read in order from one
  // index, deep or not, either way, and never sorts the matching users (lib/user-list.ts names the index to use).
  // Only users are indexed, and for the plan filter only users with a plan.
  `
  CREATE INDEX users_sort_name ON users (name COLLATE NOCASE, surname COLLATE NOCASE) WHERE role = 'user';
  CREATE INDEX users_sort_name_status ON users (enabled, name COLLATE NOCASE, surname COLLATE NOCASE)
    WHERE role = 'user';
  CREATE INDEX users_sort_name_plan ON users (plan_product, name COLLATE NOCASE, surname COLLATE NOCASE)
    WHERE role = 'user' AND plan_product IS NOT NULL;
  CREATE INDEX users_sort_name_plan_status
    ON users (plan_product, enabled, name COLLATE NOCASE, surname COLLATE NOCASE)
    WHERE role = 'user' AND plan_product IS NOT NULL;
  CREATE INDEX users_sort_email ON users (email) WHERE role = 'user';
  CREATE INDEX users_sort_email_status ON users (enabled, email) WHERE role = 'user';
  CREATE INDEX users_sort_email_plan ON users (plan_product, email) WHERE role = 'user' AND plan_product IS NOT NULL;
  CREATE INDEX users_sort_email_plan_status ON users (plan_product, enabled, email)
    WHERE role = 'user' AND plan_product IS NOT NULL;

  -- The lists that grow with the community, by the columns they sort on (created_at DESC, id DESC exists for posts
  -- and contacts). A page of these is read from an index rather than sorting the table.
  CREATE INDEX posts_name ON posts (name COLLATE NOCASE, id);
  CREATE INDEX contacts_title ON contacts (title COLLATE NOCASE, id);
  CREATE INDEX contacts_email ON contacts (email COLLATE NOCASE, id);
  CREATE INDEX feedbacks_created ON feedbacks (created_at, id);
  CREATE INDEX feedbacks_rating ON feedbacks (rating, id);
  CREATE INDEX chat_reports_created ON chat_reports (created_at, id);
  CREATE INDEX chat_blocks_created ON chat_blocks (created_at, id);
  `,
  // Moderation (lib/activity.ts, routes/moderation.ts). The activity log: one row per admin write, written in the
  // write's transaction, never changed or deleted (the triggers refuse both, whatever the caller). Its list is newest
  // first, unfiltered or by one of action, record type or admin, each with its index that ends in that order, so a
  // page is read from one index. activity_days counts the entries per day, overall and per value of each filter, kept
  // by a trigger: a count, and the day a deep page starts in, are read from it without counting a million entries.
  // Chat reports become cases (status, note, who handled them and when), listed by status in created order; reports
  // and blocks gain an index per user column for a user's moderation history.
  `
  CREATE TABLE activity (
    id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    -- The admin as they were at write time: the entry still reads after the admin is renamed or deleted.
    admin_id TEXT,
    admin_name TEXT NOT NULL DEFAULT '',
    admin_email TEXT NOT NULL DEFAULT '',
    action TEXT NOT NULL CHECK (action IN
      ('create', 'update', 'delete', 'activate', 'deactivate', 'send', 'test-send', 'password', 'case')),
    record_type TEXT NOT NULL,
    record_id TEXT,
    record_name TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL,
    reason TEXT
  );
  CREATE UNIQUE INDEX activity_created ON activity (created_at, id);
  -- Each filter's index carries the other two filters' columns after its order, so that filters combined are counted
  -- and paged from the most selective one's index alone, without reading the table.
  CREATE INDEX activity_action ON activity (action, created_at, id, record_type, admin_id);
  CREATE INDEX activity_type ON activity (record_type, created_at, id, action, admin_id);
  CREATE INDEX activity_admin ON activity (admin_id, created_at, id, action, record_type);
  CREATE INDEX activity_record ON activity (record_id, created_at, id) WHERE record_id IS NOT NULL;

  CREATE TABLE activity_days (
    dim TEXT NOT NULL CHECK (dim IN ('all', 'action', 'type', 'admin')),
    value TEXT NOT NULL,
    day TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (dim, value, day)
  ) WITHOUT ROWID;
  CREATE TRIGGER activity_count AFTER INSERT ON activity BEGIN
    INSERT INTO activity_days (dim, value, day, n) VALUES
      ('all', '', substr(new.created_at, 1, 10), 1),
      ('action', new.action, substr(new.created_at, 1, 10), 1),
      ('type', new.record_type, substr(new.created_at, 1, 10), 1),
      ('admin', COALESCE(new.admin_id, ''), substr(new.created_at, 1, 10), 1)
    ON CONFLICT (dim, value, day) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER activity_no_update BEFORE UPDATE ON activity BEGIN
    SELECT RAISE(ABORT, 'The activity log is append-only');
  END;
  CREATE TRIGGER activity_no_delete BEFORE DELETE ON activity BEGIN
    SELECT RAISE(ABORT, 'The activity log is append-only');
  END;

  ALTER TABLE chat_reports ADD COLUMN status TEXT NOT NULL DEFAULT 'Open'
    CHECK (status IN ('Open', 'Actioned', 'Dismissed'));
  ALTER TABLE chat_reports ADD COLUMN note TEXT NOT NULL DEFAULT '';
  -- No foreign key: deleting any user would otherwise scan the reports for it. A deleted admin reads as a bare id.
  ALTER TABLE chat_reports ADD COLUMN handled_by TEXT;
  ALTER TABLE chat_reports ADD COLUMN handled_at TEXT;
  CREATE INDEX chat_reports_status ON chat_reports (status, created_at, id);
  CREATE INDEX chat_reports_reported ON chat_reports (reported_id, created_at);
  CREATE INDEX chat_reports_reporter ON chat_reports (reporter_id, created_at);
  CREATE INDEX chat_blocks_blocked ON chat_blocks (blocked_user, created_at);
  CREATE INDEX chat_blocks_by ON chat_blocks (block_by, created_at);
  `,
];

/** Brings the schema to `target` (every step unless a test wants an older database). */
export function migrate(db: Database.Database, target = MIGRATIONS.length) {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < target; version += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

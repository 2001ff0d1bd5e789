import type { Db } from './postgres/db';

/** An admin's id and the token version their tokens must carry; undefined for no such admin. */
export async function findAdminTokenVersion(
  db: Db,
  id: string,
): Promise<{ id: string; token_version: number } | undefined> {
  return db.maybeOne("SELECT id, token_version FROM users WHERE id = $1 AND role = 'admin'", [id]);
}

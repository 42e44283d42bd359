import { databaseUrl } from '@shop/kit';
import { Client } from 'pg';
import type { Backend } from '../harness/backend';

/**
 * What the account tests share besides the delivered verification mail (`../harness/verification`):
 * what the user service queued.
 */

/** The verification mails the user service queued to this address (`mails`), sent or not. */
export async function queuedVerificationMails(
  backend: Backend,
  email: string,
): Promise<{ dedupeKey: string; data: Record<string, unknown> }[]> {
  const db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT dedupe_key AS "dedupeKey", data FROM mails
        WHERE kind = 'email-verification' AND recipient = $1 ORDER BY created_at, id`,
      [email.toLowerCase()],
    );
    return rows;
  } finally {
    await db.end();
  }
}

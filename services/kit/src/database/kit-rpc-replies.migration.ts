import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The replies of state-changing RPCs, by call id, so that a redelivered request is answered from
 * here instead of running again (see RpcReplies). `owner` and `lease_until` mark a call still
 * running on some replica; a row with `completed_at` holds the answer.
 */
export class KitRpcReplies1795000000000 implements MigrationInterface {
  name = 'KitRpcReplies1795000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rpc_replies (
        call_id text PRIMARY KEY,
        pattern text NOT NULL,
        owner text NOT NULL,
        lease_until timestamptz NOT NULL,
        completed_at timestamptz,
        reply text,
        error jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX rpc_replies_created_at ON rpc_replies (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rpc_replies`);
  }
}

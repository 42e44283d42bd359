import type { RpcEnvelope } from '@shop/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { RpcReplies, SelfIdempotentPattern } from './rpc-replies';

/** A DataSource whose every claim succeeds, keeping the statements it was sent (a claim as its insert). */
function database() {
  const statements: string[] = [];
  const query = async (sql: string) => {
    statements.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
    return [];
  };
  const client = {
    escapeLiteral: (value: string) => `'${value.replace(/'/g, "''")}'`,
    query: async (sql: string) => {
      statements.push('INSERT INTO rpc_replies');
      return [{}, {}, { rowCount: sql.includes('INSERT INTO rpc_replies') ? 1 : 0 }, {}];
    },
  };
  const createQueryRunner = () => ({ connect: async () => client, release: async () => undefined });
  return {
    statements,
    dataSource: { query, createQueryRunner } as unknown as DataSource,
    manager: { query } as unknown as EntityManager,
  };
}

const deadline = () => Date.now() + 1000;

describe('running a state-changing RPC once per call id', () => {
  it('claims the call and stores its reply after the handler', async () => {
    const db = database();
    const replies = new RpcReplies(db.dataSource);
    expect(await replies.once('c1', 'test.thing.write', deadline(), async () => 'done')).toBe('done');
    expect(db.statements).toEqual(['INSERT INTO rpc_replies', 'UPDATE rpc_replies SET']);
  });

  it('stores no reply of its own when the handler recorded it in its transaction', async () => {
    const db = database();
    const replies = new RpcReplies(db.dataSource);
    const reply = await replies.once('c2', 'test.thing.write', deadline(), async () => {
      await replies.recordIn(db.manager, 'done');
      return 'done';
    });
    expect(reply).toBe('done');
    expect(db.statements).toEqual(['INSERT INTO rpc_replies', 'UPDATE rpc_replies SET']);
  });

  it('neither claims nor stores for a handler idempotent by its own rows', async () => {
    SelfIdempotentPattern('test.thing.ensure');
    const db = database();
    const replies = new RpcReplies(db.dataSource);
    expect(await replies.once('c3', 'test.thing.ensure', deadline(), async () => 'done')).toBe('done');
    expect(db.statements).toEqual([]);
  });

  it('claims only the requests a handler does not settle by itself', async () => {
    SelfIdempotentPattern('test.thing.place', (env) => Boolean((env?.data as { key?: string } | undefined)?.key));
    const db = database();
    const replies = new RpcReplies(db.dataSource);
    const keyed = { requestId: 'r', actor: null, data: { key: 'k' } } as unknown as RpcEnvelope;
    const unkeyed = { requestId: 'r', actor: null, data: {} } as unknown as RpcEnvelope;
    expect(await replies.once('c4', 'test.thing.place', deadline(), async () => 'done', keyed)).toBe('done');
    expect(db.statements).toEqual([]);
    expect(await replies.once('c5', 'test.thing.place', deadline(), async () => 'done', unkeyed)).toBe('done');
    expect(db.statements).toEqual(['INSERT INTO rpc_replies', 'UPDATE rpc_replies SET']);
  });

  it("stores the reply by the handler's own statement once the handler says that statement ran", async () => {
    const db = database();
    const replies = new RpcReplies(db.dataSource);
    let stores = false;
    const reply = await replies.once('c6', 'test.thing.write', deadline(), async () => {
      stores = replies.storesReply;
      const replied = replies.inStatement('done', 2)!;
      await db.manager.query(`WITH made AS (SELECT $1), ${replied.cte} SELECT`, ['x', ...replied.params]);
      replied.stored();
      // Stored already: a later recordIn adds nothing.
      await replies.recordIn(db.manager, 'done');
      return 'done';
    });
    expect(reply).toBe('done');
    expect(stores).toBe(true);
    expect(db.statements).toEqual(['INSERT INTO rpc_replies', 'WITH made AS']);
  });

  it('stores the reply after the handler when its statement did not', async () => {
    const db = database();
    const replies = new RpcReplies(db.dataSource);
    await replies.once('c7', 'test.thing.write', deadline(), async () => {
      replies.inStatement('done', 1, 'false');
      return 'done';
    });
    expect(db.statements).toEqual(['INSERT INTO rpc_replies', 'UPDATE rpc_replies SET']);
  });

  it('has no reply to store outside a claimed call', async () => {
    SelfIdempotentPattern('test.thing.settle');
    const db = database();
    const replies = new RpcReplies(db.dataSource);
    await replies.once('c8', 'test.thing.settle', deadline(), async () => {
      expect(replies.storesReply).toBe(false);
      expect(replies.inStatement('done', 1)).toBeNull();
    });
    expect(replies.storesReply).toBe(false);
  });

  it('records nothing in a transaction outside a claimed call', async () => {
    const db = database();
    await new RpcReplies(db.dataSource).recordIn(db.manager, 'done');
    expect(db.statements).toEqual([]);
  });
});

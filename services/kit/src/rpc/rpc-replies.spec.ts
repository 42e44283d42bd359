import type { RpcEnvelope } from '@shop/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { RpcReplies, SelfIdempotentPattern } from './rpc-replies';

/** A DataSource whose every claim succeeds, keeping the statements it was sent. */
function database() {
  const statements: string[] = [];
  const query = async (sql: string) => {
    statements.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
    return sql.includes('INSERT INTO rpc_replies') ? [{ call_id: 'c' }] : [];
  };
  return { statements, dataSource: { query } as unknown as DataSource, manager: { query } as unknown as EntityManager };
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

  it('records nothing in a transaction outside a claimed call', async () => {
    const db = database();
    await new RpcReplies(db.dataSource).recordIn(db.manager, 'done');
    expect(db.statements).toEqual([]);
  });
});

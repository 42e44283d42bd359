/**
 * Preloaded into a bench process (node --import) by BENCH_COUNT_QUERIES=<dir>: counts the
 * PostgreSQL statements it sends, by kind (BEGIN, COMMIT, SELECT, INSERT, UPDATE, ...), and writes
 * the running totals to <dir>/<BENCH_PROCESS>.json every 200 ms, with each distinct statement's
 * count under `statements` to see which ones a change saved. Measurement only.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

// The pg the process's own script requires (BENCH_BUILD may run another checkout's), patched once here.
const pg = createRequire(process.argv[1])('pg');

const dir = process.env.BENCH_COUNT_QUERIES;
const file = join(dir, `${process.env.BENCH_PROCESS ?? process.pid}.json`);
const counts = { total: 0 };
const statements = {};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') {
    const kind = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'OTHER';
    counts[kind] = (counts[kind] ?? 0) + 1;
    counts.total += 1;
    const statement = text.replace(/\s+/g, ' ').trim().slice(0, 160);
    statements[statement] = (statements[statement] ?? 0) + 1;
  }
  return query.call(this, config, ...rest);
};
mkdirSync(dir, { recursive: true });
// Written aside and renamed, so a reader never sees half a file.
setInterval(() => {
  writeFileSync(`${file}.tmp`, JSON.stringify({ ...counts, statements }));
  renameSync(`${file}.tmp`, file);
}, 200).unref();

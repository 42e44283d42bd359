/**
 * Preloaded into a bench process (node --import) when its environment has BENCH_STATEMENTS=<file>:
 * appends each PostgreSQL statement it sends, with its parameters, to <file> as a line of JSON, for
 * a bench to EXPLAIN what the process really ran (bench/catalog's BENCH_EXPLAIN). Measurement only.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The pg the process's own script requires (BENCH_BUILD may run another checkout's), patched once here.
const pg = createRequire(process.argv[1])('pg');
const file = process.env.BENCH_STATEMENTS;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function loggedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  const values = typeof config === 'string' ? rest[0] : config?.values;
  if (typeof text === 'string') appendFileSync(file, `${JSON.stringify({ text, values: Array.isArray(values) ? values : [] })}\n`);
  return query.call(this, config, ...rest);
};

#!/usr/bin/env node
/**
 * `npm test`: every test. Lints, builds what the API and browser tests run (the apps as `npm start`
 * builds them, scripts/build-apps.mjs, so the browser journeys run what a shopper is served), runs
 * the web apps' component tests (vitest), then jest's projects (unit, integration, api, deploy,
 * browser) one file at a time: they share one broker and one database server. Extra arguments go
 * to jest.
 */
import { spawnSync } from 'node:child_process';
import { APPS, buildApps } from './build-apps.mjs';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', ['eslint', '.']);
run('npm', ['run', 'build', '--silent']);
try {
  buildApps({ say: (text) => process.stdout.write(`${text}\n`) });
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
for (const app of APPS) run('npm', ['run', 'test', '--silent', '-w', app]);
run('npx', ['jest', '--runInBand', '--forceExit', ...process.argv.slice(2)]);

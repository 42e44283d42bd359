#!/usr/bin/env node
/**
 * `npm test`: every test. Lints, builds what the API and browser tests run, runs the web apps'
 * component tests (vitest), then jest's projects (unit, integration, api, deploy) one file at a
 * time: they share one broker and one database server. Extra arguments go to jest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', ['eslint', '.']);
run('npm', ['run', 'build', '--silent']);
for (const app of ['web-store', 'web-admin']) {
  if (existsSync(`${app}/package.json`)) {
    run('npm', ['run', 'build', '--silent', '-w', app]);
    run('npm', ['run', 'test', '--silent', '-w', app]);
  }
}
run('npx', ['jest', '--runInBand', '--forceExit', ...process.argv.slice(2)]);

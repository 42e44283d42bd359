#!/usr/bin/env node
/**
 * `npm test`: every test. Lints, builds what the API and browser tests run (the apps as `npm start`
 * builds them, scripts/build-apps.mjs, so the browser journeys run what a shopper is served), runs
 * the web apps' component tests (vitest), then jest's projects. Every API, integration and deploy
 * suite starts what it needs under a bus namespace, databases, ports and a maildev of its own, so
 * two run at once (a third of the time on two cores, measured); the browser journeys, each with a
 * whole shop and a chromium whose steps wait on what a shopper sees, run one at a time after them.
 * Extra arguments go to both jest runs; every suite runs even when an earlier one failed.
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
const extra = process.argv.slice(2);
const jest = (args) =>
  spawnSync('npx', ['jest', '--forceExit', '--passWithNoTests', ...args, ...extra], { stdio: 'inherit' })
    .status;
const services = jest(['--selectProjects', 'unit', 'integration', 'api', 'deploy', '--maxWorkers=2']);
const browser = jest(['--selectProjects', 'browser', '--runInBand']);
process.exit(services || browser ? 1 : 0);

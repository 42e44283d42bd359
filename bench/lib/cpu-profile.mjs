#!/usr/bin/env node
/**
 * Summarises `.cpuprofile` files (as written by `node --cpu-prof`, e.g. under BENCH_CPU_PROF): the
 * functions with the most self time, and self time by package (node_modules/<package>, the shop's
 * own code by folder, node's internals), each as a share of the profile's busy time.
 *
 *   node bench/lib/cpu-profile.mjs <dir or file>... [--top 30] [--callers <function name>]
 *
 * `--callers` shows which call paths (three frames up) spend the self time of that function.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { root } from './backend.mjs';

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** Where a frame's code lives: an npm package, a folder of the shop, or node itself. */
function owner(url) {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node';
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = path.slice(modules + 'node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  return relative(root, path).split('/').slice(0, 3).join('/');
}

const frame = ({ callFrame }) =>
  `${callFrame.functionName || '(anonymous)'}${callFrame.url ? ` ${basename(callFrame.url)}:${callFrame.lineNumber + 1}` : ''}`;

function summarise(file, top, callersOf) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const self = new Map();
  for (const [i, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byFunction = new Map();
  const byOwner = new Map();
  const callers = new Map();
  let busy = 0;
  let gc = 0;
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(garbage collector)') gc += micros;
    if (IDLE.has(name)) continue;
    busy += micros;
    const where = callFrame.url
      ? `${owner(callFrame.url)} ${basename(callFrame.url)}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${name} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    if (name === callersOf) {
      const path = [];
      for (let up = parent.get(id); up !== undefined && path.length < 3; up = parent.get(up))
        path.push(frame(byId.get(up)));
      const key = path.join(' < ');
      callers.set(key, (callers.get(key) ?? 0) + micros);
    }
    const pkg = owner(callFrame.url);
    byOwner.set(pkg, (byOwner.get(pkg) ?? 0) + micros);
  }
  const rows = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([what, micros]) => ({
        what,
        'self ms': Math.round(micros / 1000),
        share: `${((100 * micros) / busy).toFixed(1)}%`,
      }));
  console.log(
    `\n${file}: ${Math.round(busy / 1000)} ms busy in JavaScript and native code, ${Math.round(gc / 1000)} ms GC`,
  );
  console.table(rows(byOwner, 15));
  console.table(rows(byFunction, top));
  if (callersOf) console.table(rows(callers, 15));
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 30;
const callersAt = args.indexOf('--callers');
const callersOf = callersAt >= 0 ? args.splice(callersAt, 2)[1] : undefined;
/** Every profile under a folder, subfolders included (BENCH_CPU_PROF keeps one per process). */
function profilesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => {
    const full = join(path, entry);
    return statSync(full).isDirectory() ? profilesUnder(full) : entry.endsWith('.cpuprofile') ? [full] : [];
  });
}

for (const arg of args) for (const file of profilesUnder(arg)) summarise(file, top, callersOf);

import { posix } from 'node:path';

/**
 * Docker's .dockerignore rules: patterns match paths relative to the build context with `*`,
 * `?` and `**`; a pattern that matches a folder excludes what is in it; `!` re-includes; the last
 * matching pattern decides.
 */
export class DockerIgnore {
  private readonly rules: { negate: boolean; pattern: RegExp }[];

  constructor(text: string) {
    this.rules = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => {
        const negate = l.startsWith('!');
        const cleaned = posix
          .normalize(negate ? l.slice(1).trim() : l)
          .replace(/^\/+/, '')
          .replace(/\/+$/, '');
        return { negate, pattern: toRegExp(cleaned) };
      });
  }

  excludes(path: string): boolean {
    const parts = posix.normalize(path).replace(/^\/+/, '').split('/');
    let excluded = false;
    for (const rule of this.rules) {
      // A rule matches the path or one of its parent folders.
      const matches = parts.some((_, i) => rule.pattern.test(parts.slice(0, i + 1).join('/')));
      if (matches) excluded = !rule.negate;
    }
    return excluded;
  }
}

function toRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      // `**/` is any number of folders, none included; a trailing `**` is anything.
      if (pattern[i + 2] === '/') {
        re += '(?:.*/)?';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

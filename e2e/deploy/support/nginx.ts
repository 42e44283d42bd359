import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Proc, waitFor } from './processes';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

export function nginxBinary(): string {
  const inPath = (process.env.PATH ?? '').split(':').map((d) => join(d, 'nginx'));
  const found = [...inPath, ...CANDIDATES].find((p) => existsSync(p));
  if (!found)
    throw new Error(
      "nginx is not installed: the web containers' configurations are run with it (apt-get install nginx-light)",
    );
  return found;
}

/**
 * Runs one of the repository's server configurations the way the nginx image does (it includes
 * conf.d/*.conf inside `http`), under a throwaway prefix: pid, temporary files and logs there.
 */
export async function startNginx(name: string, dir: string, serverConf: string, port: number): Promise<Proc> {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(join(dir, 'server.conf'), serverConf);
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    client_body_temp_path ${dir}/client_temp;
    proxy_temp_path ${dir}/proxy_temp;
    fastcgi_temp_path ${dir}/fastcgi_temp;
    uwsgi_temp_path ${dir}/uwsgi_temp;
    scgi_temp_path ${dir}/scgi_temp;
    include ${dir}/server.conf;
}
`,
  );
  const binary = nginxBinary();
  try {
    execFileSync(binary, ['-t', '-q', '-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error(`nginx -t rejects ${name}:\n${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`);
  }
  const proc = new Proc(name, binary, ['-p', dir, '-c', conf], { PATH: process.env.PATH ?? '' });
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
    `nginx ${name}`,
    10_000,
    () => proc.log,
  );
  return proc;
}

/** One directive of an nginx configuration: its name, arguments and, for a block, what it holds. */
export interface NginxDirective {
  name: string;
  args: string[];
  block?: NginxDirective[];
}

/** Reads an nginx configuration into its directives: comments dropped, quotes removed. */
export function parseNginxConf(text: string): NginxDirective[] {
  const tokens = [...text.matchAll(/#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g)]
    .filter((m) => !m[0].startsWith('#'))
    .map((m) => ({ word: m[1] ?? m[2] ?? m[4] ?? m[3], punctuation: m[3] }));
  let at = 0;
  const readBlock = (): NginxDirective[] => {
    const directives: NginxDirective[] = [];
    while (at < tokens.length) {
      if (tokens[at].punctuation === '}') {
        at++;
        return directives;
      }
      const words: string[] = [];
      while (at < tokens.length && !tokens[at].punctuation) words.push(tokens[at++].word);
      const end = tokens[at++]?.punctuation;
      if (!words.length || !end || end === '}')
        throw new Error(`Cannot read nginx configuration near "${words.join(' ')}"`);
      const [name, ...args] = words;
      directives.push(end === '{' ? { name, args, block: readBlock() } : { name, args });
    }
    return directives;
  };
  return readBlock();
}

/** The directives named `name` directly inside `directives`. */
export const directivesNamed = (directives: NginxDirective[], name: string) =>
  directives.filter((d) => d.name === name);

/** The one block `name args…` (`server`, `upstream web_store`, `location /api/`) inside `directives`. */
export function blockOf(directives: NginxDirective[], name: string, ...args: string[]): NginxDirective[] {
  const found = directives.filter((d) => d.name === name && d.block && args.every((a, i) => d.args[i] === a));
  if (found.length !== 1)
    throw new Error(`Expected one ${[name, ...args].join(' ')} block, found ${found.length}`);
  return found[0].block!;
}

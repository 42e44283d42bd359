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

import { COMPONENTS, Component, dockerfileOf, NODE_COMPONENTS, WEB_COMPONENTS } from './support/components';
import { defaultHealthPort, gatewayDefaultPort, healthRoutes } from './support/code';
import { composeEnvironment, interpolatedCompose } from './support/compose';
import { DockerIgnore } from './support/dockerignore';
import { execForm, finalStage, instructionsOf, parseCopy, parseEnv, Stage } from './support/dockerfile';
import { imageStages } from './support/image';
import { OVERLAYS } from './support/kubernetes';
import { deploymentOf, renderOverlay } from './support/overlay';
import { readRepoFile, repoFileExists } from './support/repo';

/** Build stages install the workspace tree exactly as CI does, so an image builds what CI tested. */
const WHOLE_TREE_INSTALL = '--mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund';

const dockerignore = new DockerIgnore(readRepoFile('.dockerignore'));
const stageNamed = (stages: Stage[], name: string) => stages.find((s) => s.name === name)!;
const runs = (stage: Stage) => instructionsOf(stage, 'RUN').map((i) => i.args);
const copies = (stage: Stage) => instructionsOf(stage, 'COPY').map((i) => parseCopy(i.args));
const envOf = (stage: Stage) =>
  Object.assign({}, ...instructionsOf(stage, 'ENV').map((i) => parseEnv(i.args))) as Record<string, string>;
const userOf = (stage: Stage) => instructionsOf(stage, 'USER').at(-1)?.args;
const byImage = (components: readonly Component[]) => components.map((c) => [c.image, c] as const);

/** The file `node <file>` runs: `file` itself, or what a RUN `ln -s target file` made it point to. */
const linkedFile = (stage: Stage, file: string) =>
  runs(stage)
    .map((r) => /^ln -s (\S+) (\S+)$/.exec(r))
    .find((link) => link?.[2] === file)?.[1] ?? file;

/**
 * The folders a stage creates and gives to an owner: `mkdir -p D && chown O D`, or the same inside
 * `if [ -n "D" ]; then …; fi`, which does nothing when the build argument naming D is empty.
 */
function ownedFolders(stage: Stage): { folder: string; owner: string }[] {
  return runs(stage)
    .filter((r) => r.includes('mkdir'))
    .flatMap((run) => {
      const guarded = /^if \[ -n "([^"]*)" \]; then (.*); fi$/.exec(run);
      if (guarded && !guarded[1]) return [];
      const made = /^mkdir -p (\S+) && chown (\S+) (\S+)$/.exec((guarded?.[2] ?? run).replace(/"/g, ''));
      if (!made || made[1] !== made[3]) throw new Error(`Cannot read what this RUN creates: ${run}`);
      return [{ folder: made[1], owner: made[2] }];
    });
}

/** A stage's base and first `count` instructions as the layer cache compares them, line numbers aside. */
const cacheKeys = (stage: Stage, count = stage.instructions.length) => ({
  from: stage.from,
  steps: stage.instructions.slice(0, count).map(({ keyword, args }) => ({ keyword, args })),
});

/** The @shop/* workspaces a package depends on, itself excluded, followed through their own dependencies. */
function localDependencies(dir: string): string[] {
  const byName = new Map<string, string>();
  for (const ws of ['proto', 'services/kit', ...COMPONENTS.map((c) => c.dir)])
    byName.set(JSON.parse(readRepoFile(`${ws}/package.json`)).name, ws);
  const found = new Set<string>();
  const visit = (d: string) => {
    const pkg = JSON.parse(readRepoFile(`${d}/package.json`));
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      const ws = byName.get(name);
      if (ws && !found.has(ws)) {
        found.add(ws);
        visit(ws);
      }
    }
  };
  visit(dir);
  return [...found].sort();
}

/** The folder Vite's `base` puts the app under, inside nginx's document root. */
const viteBase = (dir: string) =>
  /\bbase:\s*'([^']*)'/.exec(readRepoFile(`${dir}/vite.config.ts`))?.[1] ?? '/';
const viteBuildVariables = (dir: string) =>
  repoFileExists(`${dir}/src/vite-env.d.ts`)
    ? [...readRepoFile(`${dir}/src/vite-env.d.ts`).matchAll(/readonly\s+(VITE_[A-Z0-9_]+)/g)]
        .map((m) => m[1])
        .sort()
    : [];
const nginxListenPort = (conf: string) => Number(/^\s*listen\s+(\d+)\s*;/m.exec(readRepoFile(conf))![1]);

describe('Dockerfiles and .dockerignore', () => {
  it.each(byImage(COMPONENTS))(
    'the %s image copies only what exists in the build context and .dockerignore keeps',
    (_, component) => {
      const stages = imageStages(component);
      for (const stage of stages) {
        for (const copy of copies(stage).filter((c) => !c.from)) {
          for (const source of copy.sources.filter((s) => s !== '.')) {
            expect([source, repoFileExists(source), dockerignore.excludes(source)]).toEqual([
              source,
              true,
              false,
            ]);
          }
        }
        for (const copy of copies(stage).filter((c) => c.from))
          expect(stages.map((s) => s.name)).toContain(copy.from);
      }
      if (stages.some((s) => runs(s).some((r) => r.startsWith('--mount')))) {
        expect(readRepoFile(dockerfileOf(component)).split('\n')[0]).toBe('# syntax=docker/dockerfile:1');
      }
    },
  );

  it('keeps installed packages, build output, secrets and history out of every build context', () => {
    for (const path of [
      'node_modules/x',
      'services/catalog/node_modules/x',
      'gateway/dist/main.js',
      'web-store/dist/index.html',
      '.env',
      '.git/HEAD',
      'var/uploads/a.jpg',
    ]) {
      expect([path, dockerignore.excludes(path)]).toEqual([path, true]);
    }
    for (const path of [
      'package.json',
      'package-lock.json',
      'tsconfig.base.json',
      'proto/src/index.ts',
      'services/kit/src/index.ts',
      'deploy/nginx/web-store.conf',
      'scripts/vite/react-router-production.ts',
    ]) {
      expect([path, dockerignore.excludes(path)]).toEqual([path, false]);
    }
  });

  it('installs the workspace tree in one layer all nine images share: the same steps, and no build argument before it', () => {
    const sharedSteps = (component: Component) => {
      const stages = imageStages(component);
      const build = stageNamed(stages, 'build');
      const install = build.instructions.findIndex(
        (i) => i.keyword === 'RUN' && i.args === WHOLE_TREE_INSTALL,
      );
      if (install === -1) throw new Error(`${component.image}'s build stage does not install the whole tree`);
      return {
        manifests: cacheKeys(stageNamed(stages, 'manifests')),
        build: cacheKeys(build, install + 1),
      };
    };
    const first = sharedSteps(COMPONENTS[0]);
    expect(first.build.steps.filter((i) => i.keyword === 'ARG')).toEqual([]);
    for (const component of COMPONENTS.slice(1))
      expect([component.name, sharedSteps(component)]).toEqual([component.name, first]);
  });

  it.each(byImage(NODE_COMPONENTS))(
    'the %s image builds its workspace and every workspace it depends on, and ships their output with production dependencies only',
    (_, component) => {
      const stages = imageStages(component);
      const build = stageNamed(stages, 'build');
      const deps = localDependencies(component.dir);
      expect(runs(build)).toContain(WHOLE_TREE_INSTALL);
      expect(runs(build)).toContain(`npx tsc -b ${component.dir}`);
      const built = copies(build)
        .filter((c) => !c.from)
        .map((c) => c.sources[0]);
      expect(built).toEqual(expect.arrayContaining([...deps, component.dir]));
      expect(runs(stageNamed(stages, 'runtime-deps'))).toContain(
        `--mount=type=cache,target=/root/.npm npm ci --workspace ${component.dir} --omit=dev --no-audit --no-fund`,
      );
      const final = finalStage(stages);
      const shipped = copies(final)
        .filter((c) => c.from === 'build')
        .map((c) => c.destination);
      expect(shipped.sort()).toEqual([...deps, component.dir].map((d) => `${d}/dist`).sort());
      expect(copies(final).filter((c) => c.from === 'runtime-deps')).toEqual([
        { from: 'runtime-deps', sources: ['/app'], destination: './' },
      ]);
    },
  );

  it.each(byImage(NODE_COMPONENTS))(
    'the %s image runs the built main as a non-root user in production mode, on the port and health route its code serves',
    (_, component) => {
      const final = finalStage(imageStages(component));
      expect(final.from).toBe('node:22-bookworm-slim');
      const portVariable = component.kind === 'service' ? 'HEALTH_PORT' : 'PORT';
      const port = component.kind === 'service' ? defaultHealthPort(component.name) : gatewayDefaultPort();
      expect(envOf(final)).toEqual({ NODE_ENV: 'production', [portVariable]: String(port) });
      expect(instructionsOf(final, 'EXPOSE').map((i) => i.args)).toEqual([String(port)]);
      expect(userOf(final)).toBe('1000:1000');
      const [node, main, ...rest] = execForm(instructionsOf(final, 'CMD')[0].args);
      expect([node, linkedFile(final, main), ...rest]).toEqual(['node', `${component.dir}/dist/main.js`]);
      expect(JSON.parse(readRepoFile(`${component.dir}/package.json`)).main).toBe('dist/main.js');
      expect(repoFileExists(`${component.dir}/src/main.ts`)).toBe(true);
      const check = execForm(instructionsOf(final, 'HEALTHCHECK')[0].args).join(' ');
      const path = /'(\/health\/[a-z]+)'/.exec(check)?.[1];
      expect(healthRoutes(component)).toContain(path);
      expect(check).toContain(`process.env.${portVariable}`);
    },
  );

  it.each(byImage(NODE_COMPONENTS))(
    'the %s image gives the uploads folder to its user when it mounts its volume, and makes no other',
    (_, component) => {
      const final = finalStage(imageStages(component));
      const env = composeEnvironment(interpolatedCompose().services[component.name]);
      const folders = [env.UPLOADS_DIR].filter(Boolean);
      expect(ownedFolders(final)).toEqual(folders.map((folder) => ({ folder, owner: userOf(final) })));
    },
  );

  it.each(byImage(COMPONENTS))(
    'the %s image builds and runs on Node 22 LTS (node:22-bookworm, node:22-bookworm-slim), which the engines allow',
    (_, component) => {
      const nodeBases = imageStages(component)
        .map((stage) => stage.from)
        .filter((from) => from.startsWith('node:'));
      expect(nodeBases.length).toBeGreaterThan(0);
      for (const from of nodeBases) expect(from).toMatch(/^node:22-bookworm(-slim)?$/);
      const engines = JSON.parse(readRepoFile('package.json')).engines.node as string;
      expect(engines.split('||').map((range) => /\^(\d+)\./.exec(range.trim())?.[1])).toEqual(['20', '22']);
    },
  );

  it.each(byImage(WEB_COMPONENTS))(
    'the %s image builds the app with its build-time variables and serves it with nginx as a non-root user',
    (_, component) => {
      const stages = imageStages(component);
      const build = stageNamed(stages, 'build');
      expect(runs(build)).toContain(WHOLE_TREE_INSTALL);
      expect(runs(build)).toContain(`npm run build --workspace ${component.dir}`);
      const built = copies(build)
        .filter((c) => !c.from)
        .map((c) => c.sources[0]);
      // What the app's vite config reads from outside its folder (@shop/proto's TypeScript source,
      // the shared Vite plugin) is copied in, and not left out of the build context.
      const outside = [
        ...readRepoFile(`${component.dir}/vite.config.ts`).matchAll(/['"]\.\.\/([^'"]+)['"]/g),
      ].map((m) => m[1]);
      expect(outside.length).toBeGreaterThan(0);
      for (const path of outside) {
        expect([path, built.some((source) => path.startsWith(`${source}/`))]).toEqual([path, true]);
        expect([path, dockerignore.excludes(path)]).toEqual([path, false]);
      }
      expect(built).toContain(component.dir);
      const args = instructionsOf(build, 'ARG').flatMap((i) => i.args.split(' '));
      expect(args.sort()).toEqual(viteBuildVariables(component.dir));
      const final = finalStage(stages);
      expect(final.from).toMatch(/^nginxinc\/nginx-unprivileged:/);
      expect(userOf(final)).toBe('101:101');
      const root = `/usr/share/nginx/html${viteBase(component.dir).replace(/\/$/, '')}`;
      expect(copies(final)).toEqual([
        { sources: [`deploy/nginx/${component.name}.conf`], destination: '/etc/nginx/conf.d/default.conf' },
        { from: 'build', sources: [`/app/${component.dir}/dist`], destination: root },
      ]);
      const port = nginxListenPort(`deploy/nginx/${component.name}.conf`);
      expect(instructionsOf(final, 'EXPOSE').map((i) => i.args)).toEqual([String(port)]);
      expect(execForm(instructionsOf(final, 'HEALTHCHECK')[0].args)).toEqual([
        'wget',
        '-q',
        '-O',
        '/dev/null',
        `http://127.0.0.1:${port}/healthz`,
      ]);
    },
  );

  it.each(OVERLAYS)('the %s overlay runs each image as the user its Dockerfile names', (overlay) => {
    for (const component of COMPONENTS) {
      const [uid, gid] = userOf(finalStage(imageStages(component)))!
        .split(':')
        .map(Number);
      const { spec } = deploymentOf(renderOverlay(overlay), component);
      expect([component.name, spec.securityContext.runAsUser, spec.securityContext.runAsGroup]).toEqual([
        component.name,
        uid,
        gid,
      ]);
    }
  });
});

import { readdirSync } from 'node:fs';
import {
  COMPONENTS,
  Component,
  dockerfileOf,
  NEST_COMPONENTS,
  STOREFRONT,
  WEB_COMPONENTS,
} from './support/components';
import { defaultHealthPort, gatewayDefaultPort, healthRoutes } from './support/code';
import { composeEnvironment, interpolatedCompose } from './support/compose';
import { DockerIgnore } from './support/dockerignore';
import {
  copiesOf,
  envOf,
  execForm,
  finalStage,
  instructionsOf,
  runsOf,
  Stage,
  stageNamed,
  userOf,
} from './support/dockerfile';
import { imageStages } from './support/image';
import { OVERLAYS } from './support/kubernetes';
import { deploymentOf, renderOverlay } from './support/overlay';
import { readRepoFile, repoFileExists, repoPath } from './support/repo';
import { STOREFRONT_ENV, STOREFRONT_SERVER } from './support/storefront';

/** Build stages install the workspace tree exactly as CI does, so an image builds what CI tested. */
const WHOLE_TREE_INSTALL = '--mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund';

const dockerignore = new DockerIgnore(readRepoFile('.dockerignore'));
const byImage = (components: readonly Component[]) => components.map((c) => [c.image, c] as const);

/** The file `node <file>` runs: `file` itself, or what a RUN `ln -s target file` made it point to. */
const linkedFile = (stage: Stage, file: string) =>
  runsOf(stage)
    .map((r) => /^ln -s (\S+) (\S+)$/.exec(r))
    .find((link) => link?.[2] === file)?.[1] ?? file;

/**
 * The folders a stage creates and gives to an owner: `mkdir -p D && chown O D`, or the same inside
 * `if [ -n "D" ]; then …; fi`, which does nothing when the build argument naming D is empty.
 */
function ownedFolders(stage: Stage): { folder: string; owner: string }[] {
  return runsOf(stage)
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

/** The root package.json's workspaces, their `dir/*` patterns expanded: folder by package name. */
function workspaces(): Map<string, string> {
  const byName = new Map<string, string>();
  for (const pattern of JSON.parse(readRepoFile('package.json')).workspaces as string[]) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(repoPath(pattern.slice(0, -2)), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => `${pattern.slice(0, -2)}/${e.name}`)
      : [pattern];
    for (const dir of dirs.filter((d) => repoFileExists(`${d}/package.json`)))
      byName.set(JSON.parse(readRepoFile(`${dir}/package.json`)).name, dir);
  }
  return byName;
}

/**
 * The workspace folders `--workspace <selector>` runs in: the one named so, or the one in that
 * folder together with every workspace below it (npm's rule for a folder).
 */
function selectedWorkspaces(selector: string): string[] {
  const dirs = [...workspaces().entries()].map(([name, dir]) => ({ name, dir }));
  return dirs
    .filter(({ name, dir }) => name === selector || dir === selector || dir.startsWith(`${selector}/`))
    .map(({ dir }) => dir)
    .sort();
}

/** The @shop/* workspaces a package depends on, itself excluded, followed through their own dependencies. */
function localDependencies(dir: string): string[] {
  const byName = workspaces();
  const found = new Set<string>();
  const visit = (d: string) => {
    const pkg = JSON.parse(readRepoFile(`${d}/package.json`));
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      const ws = byName.get(name);
      if (ws && ws !== dir && !found.has(ws)) {
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

/**
 * An app's build stage: the shared install, then `npm run build` of the app with its VITE_*
 * build arguments, after copying in the app, the workspaces it depends on and whatever its Vite
 * config reads from outside its folder (@shop/proto's TypeScript source, the shared Vite plugin),
 * none of which .dockerignore leaves out.
 */
function expectBuildsApp(component: Component, stages: Stage[]) {
  const build = stageNamed(stages, 'build');
  expect(runsOf(build)).toContain(WHOLE_TREE_INSTALL);
  const selector = runsOf(build)
    .map((r) => /^npm run build --workspace (\S+)$/.exec(r)?.[1])
    .find(Boolean);
  expect(selector && selectedWorkspaces(selector)).toEqual([component.dir]);
  const built = copiesOf(build)
    .filter((c) => !c.from)
    .map((c) => c.sources[0]);
  const copied = (path: string) => built.some((source) => path === source || path.startsWith(`${source}/`));
  const outside = [
    ...readRepoFile(`${component.dir}/vite.config.ts`).matchAll(/['"]\.\.\/([^'"]+)['"]/g),
  ].map((m) => m[1]);
  for (const path of [...outside, ...localDependencies(component.dir), component.dir]) {
    expect([path, copied(path)]).toEqual([path, true]);
    expect([path, dockerignore.excludes(path)]).toEqual([path, false]);
  }
  const args = instructionsOf(build, 'ARG').flatMap((i) => i.args.split(' '));
  expect(args.sort()).toEqual(viteBuildVariables(component.dir));
}

describe('Dockerfiles and .dockerignore', () => {
  it.each(byImage(COMPONENTS))(
    'the %s image copies only what exists in the build context and .dockerignore keeps',
    (_, component) => {
      const stages = imageStages(component);
      for (const stage of stages) {
        for (const copy of copiesOf(stage).filter((c) => !c.from)) {
          for (const source of copy.sources.filter((s) => s !== '.')) {
            expect([source, repoFileExists(source), dockerignore.excludes(source)]).toEqual([
              source,
              true,
              false,
            ]);
          }
        }
        for (const copy of copiesOf(stage).filter((c) => c.from))
          expect(stages.map((s) => s.name)).toContain(copy.from);
      }
      if (stages.some((s) => runsOf(s).some((r) => r.startsWith('--mount')))) {
        expect(readRepoFile(dockerfileOf(component)).split('\n')[0]).toBe('# syntax=docker/dockerfile:1');
      }
    },
  );

  it('keeps installed packages, build output, secrets and history out of every build context', () => {
    for (const path of [
      'node_modules/x',
      'services/catalog/node_modules/x',
      'gateway/dist/main.js',
      'web-admin/dist/index.html',
      'web-store/build/server/index.js',
      'web-store/build/client/assets/entry.client-3f9a1c.js',
      'web-store/.react-router/types/+routes.ts',
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
      'deploy/nginx/web-admin.conf',
      'scripts/vite/react-router-production.ts',
      'web-store/src/routes.ts',
      'web-store/kit/package.json',
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

  it.each(byImage(NEST_COMPONENTS))(
    'the %s image builds its workspace and every workspace it depends on, and ships their output with production dependencies only',
    (_, component) => {
      const stages = imageStages(component);
      const build = stageNamed(stages, 'build');
      const deps = localDependencies(component.dir);
      expect(runsOf(build)).toContain(WHOLE_TREE_INSTALL);
      expect(runsOf(build)).toContain(`npx tsc -b ${component.dir}`);
      const built = copiesOf(build)
        .filter((c) => !c.from)
        .map((c) => c.sources[0]);
      expect(built).toEqual(expect.arrayContaining([...deps, component.dir]));
      expect(runsOf(stageNamed(stages, 'runtime-deps'))).toContain(
        `--mount=type=cache,target=/root/.npm npm ci --workspace ${component.dir} --omit=dev --no-audit --no-fund`,
      );
      const final = finalStage(stages);
      const shipped = copiesOf(final)
        .filter((c) => c.from === 'build')
        .map((c) => c.destination);
      expect(shipped.sort()).toEqual([...deps, component.dir].map((d) => `${d}/dist`).sort());
      expect(copiesOf(final).filter((c) => c.from === 'runtime-deps')).toEqual([
        { from: 'runtime-deps', sources: ['/app'], destination: './' },
      ]);
    },
  );

  it.each(byImage(NEST_COMPONENTS))(
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

  it.each(byImage(NEST_COMPONENTS))(
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
      expectBuildsApp(component, stages);
      const final = finalStage(stages);
      expect(final.from).toMatch(/^nginxinc\/nginx-unprivileged:/);
      expect(userOf(final)).toBe('101:101');
      const root = `/usr/share/nginx/html${viteBase(component.dir).replace(/\/$/, '')}`;
      expect(copiesOf(final)).toEqual([
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

  describe('the web-store image: the storefront server', () => {
    const stages = imageStages(STOREFRONT);
    const final = finalStage(stages);

    it('builds the app and the workspace packages it uses in the shared build stage, with its build-time variables', () => {
      expectBuildsApp(STOREFRONT, stages);
    });

    it('ships the build output with production dependencies only, on Node 22 slim', () => {
      expect(final.from).toBe('node:22-bookworm-slim');
      const production =
        /^--mount=type=cache,target=\/root\/\.npm npm ci --workspace (\S+) --omit=dev --no-audit --no-fund$/;
      const selector = runsOf(stageNamed(stages, 'runtime-deps'))
        .map((r) => production.exec(r)?.[1])
        .find(Boolean);
      expect(selector && selectedWorkspaces(selector)).toEqual([STOREFRONT.dir]);
      expect(copiesOf(final)).toEqual([
        { from: 'runtime-deps', sources: ['/app'], destination: './' },
        { from: 'build', sources: [`/app/${STOREFRONT.dir}/build`], destination: `${STOREFRONT.dir}/build` },
      ]);
      expect(instructionsOf(final, 'WORKDIR').map((i) => i.args)).toEqual(['/app']);
    });

    it('runs `node web-store/build/server/index.js` in production mode as a numeric non-root user', () => {
      expect(execForm(instructionsOf(final, 'CMD')[0].args)).toEqual(['node', STOREFRONT_SERVER.entry]);
      expect(envOf(final).NODE_ENV).toBe('production');
      const [uid, gid] =
        /^(\d+):(\d+)$/
          .exec(userOf(final) ?? '')
          ?.slice(1)
          .map(Number) ?? [];
      expect([uid > 0, gid > 0]).toEqual([true, true]);
      expect(Object.keys(envOf(final)).filter((k) => !STOREFRONT_ENV.has(k))).toEqual([]);
    });

    it('listens on the port it exposes, checks its liveness there, and stops on SIGTERM', () => {
      const port = Number(envOf(final).PORT);
      expect(port).toBe(STOREFRONT_SERVER.defaultPort);
      expect(instructionsOf(final, 'EXPOSE').map((i) => i.args)).toEqual([String(port)]);
      const check = execForm(instructionsOf(final, 'HEALTHCHECK')[0].args).join(' ');
      expect(/'(\/health\/[a-z]+)'/.exec(check)?.[1]).toBe(STOREFRONT_SERVER.live);
      expect(check).toContain('process.env.PORT');
      expect(instructionsOf(final, 'STOPSIGNAL').map((i) => i.args)).toEqual(['SIGTERM']);
    });
  });

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

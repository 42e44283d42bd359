import { DockerIgnore } from './support/dockerignore';
import { execForm, parseCopy, parseDockerfile } from './support/dockerfile';
import {
  expandKubernetes,
  interpolateCompose,
  InterpolationError,
  kubernetesReferences,
  parseDotEnv,
  resolveContainerEnv,
} from './support/env';
import { selects } from './support/kubernetes';
import { NetworkPolicies } from './support/network-policy';

describe('the helpers the deploy checks stand on', () => {
  describe("Kubernetes' $(NAME) expansion", () => {
    it('replaces a reference to a variable defined before it', () => {
      expect(expandKubernetes('amqp://$(USER):$(PASS)@h', { USER: 'u', PASS: 'p' })).toBe('amqp://u:p@h');
    });
    it('leaves a reference to an undefined variable as written and treats $$ as a literal $', () => {
      expect(expandKubernetes('$(MISSING)-$$(USER)-$$-$', { USER: 'u' })).toBe('$(MISSING)-$(USER)-$-$');
    });
    it('lists the names a value refers to, not escaped ones', () => {
      expect(kubernetesReferences('$(A)/$$(B)/$(C)')).toEqual(['A', 'C']);
    });
    it('resolves env in order: envFrom first, later entries win, expansion sees only earlier ones', () => {
      const env = resolveContainerEnv(
        {
          name: 'c',
          envFrom: [{ configMapRef: { name: 'cm' } }],
          env: [
            { name: 'URL', value: 'x://$(USER)@$(HOST)' },
            { name: 'USER', valueFrom: { secretKeyRef: { name: 's', key: 'user' } } },
            { name: 'LATER', value: '$(USER)' },
            { name: 'GONE', valueFrom: { secretKeyRef: { name: 's', key: 'nope', optional: true } } },
          ],
        },
        {
          configMap: (n) => (n === 'cm' ? { HOST: 'h', USER: 'from-map' } : undefined),
          secret: (n) => (n === 's' ? { user: 'u' } : undefined),
        },
      );
      expect(env).toEqual({ HOST: 'h', USER: 'u', URL: 'x://from-map@h', LATER: 'u' });
    });
    it('refuses a reference to a Secret key that does not exist', () => {
      expect(() =>
        resolveContainerEnv(
          { name: 'c', env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] },
          { configMap: () => undefined, secret: () => ({}) },
        ),
      ).toThrow('X refers to key k of Secret s, which does not exist');
    });
  });

  describe("Compose's interpolation", () => {
    const vars = { SET: 'v', EMPTY: '' };
    it('substitutes ${NAME} and $NAME and keeps $$ as $', () => {
      expect(interpolateCompose('${SET}/$SET/$${SET}/$UNSET.', vars)).toBe('v/v/${SET}/.');
    });
    it('applies defaults, with and without the colon', () => {
      expect(interpolateCompose('${EMPTY:-d}|${EMPTY-d}|${UNSET-d}|${SET:-d}', vars)).toBe('d||d|v');
    });
    it('fails on a required variable that is unset or empty, with its message', () => {
      expect(() => interpolateCompose('${EMPTY:?set EMPTY}', vars)).toThrow(
        new InterpolationError('EMPTY: set EMPTY'),
      );
      expect(interpolateCompose('${EMPTY?set}', vars)).toBe('');
    });
    it('offers the alternative only when the variable is set', () => {
      expect(interpolateCompose('${SET:+alt}|${UNSET:+alt}', vars)).toBe('alt|');
    });
    it('reads a .env file with comments and quotes', () => {
      expect(parseDotEnv('# c\nA=1\n\nB="two words"\nC=\n')).toEqual({ A: '1', B: 'two words', C: '' });
    });
  });

  describe('Dockerfile reading', () => {
    const stages = parseDockerfile(
      'FROM node:20 AS build\nRUN a \\\n  # comment\n  && b\nCOPY --from=build --chown=1:1 a b /dst/\nFROM slim\nCMD ["node", "x.js"]\n',
    );
    it('splits stages and joins continued lines', () => {
      expect(stages.map((s) => [s.from, s.name])).toEqual([
        ['node:20', 'build'],
        ['slim', undefined],
      ]);
      expect(stages[0].instructions[0]).toMatchObject({ keyword: 'RUN', args: 'a && b' });
    });
    it('reads COPY flags, sources and destination and exec forms', () => {
      expect(parseCopy(stages[0].instructions[1].args)).toEqual({
        from: 'build',
        sources: ['a', 'b'],
        destination: '/dst/',
      });
      expect(execForm(stages[1].instructions[0].args)).toEqual(['node', 'x.js']);
    });

    const parameterised = [
      'FROM node:20 AS build',
      'ARG APP PORT=80 EMPTY=',
      'ENV PORT=${PORT} HOME_DIR=/srv/$APP',
      'COPY apps/${APP} $HOME_DIR',
      'RUN test -n "$EMPTY$APP" && echo $PATH',
      'CMD ["node", "apps/${APP}/main.js"]',
      'FROM slim',
      'COPY --from=build ${APP} .',
    ].join('\n');
    it('substitutes build arguments, their defaults and ENV values in the stage that declares them', () => {
      const [build, slim] = parseDockerfile(parameterised, { APP: 'shop', PORT: '8080' });
      expect(build.instructions.slice(1, 4).map((i) => i.args)).toEqual([
        'PORT=8080 HOME_DIR=/srv/shop',
        'apps/shop /srv/shop',
        'test -n "shop" && echo $PATH',
      ]);
      expect(slim.instructions[0].args).toBe('--from=build ${APP} .');
    });
    it('leaves exec-form CMD as written, as Docker does', () => {
      const [build] = parseDockerfile(parameterised, { APP: 'shop' });
      expect(execForm(build.instructions[4].args)).toEqual(['node', 'apps/${APP}/main.js']);
    });
    it('refuses a reference to a build argument that has no default and is not given', () => {
      expect(() => parseDockerfile(parameterised, { PORT: '8080' })).toThrow(
        'Line 3: APP has no value: pass --build-arg APP',
      );
    });
  });

  describe('.dockerignore matching', () => {
    const ignore = new DockerIgnore('**/node_modules\n**/dist\ndeploy\n!deploy/nginx\n*.log\n');
    it('excludes folders at any depth with **/ and what is inside them', () => {
      expect(ignore.excludes('node_modules/x/index.js')).toBe(true);
      expect(ignore.excludes('services/kit/dist/index.js')).toBe(true);
    });
    it('re-includes an exception under an excluded folder; the last match decides', () => {
      expect(ignore.excludes('deploy/base/user.yaml')).toBe(true);
      expect(ignore.excludes('deploy/nginx/web-admin.conf')).toBe(false);
    });
    it('anchors single-star patterns at the context root', () => {
      expect(ignore.excludes('a.log')).toBe(true);
      expect(ignore.excludes('logs/a.log')).toBe(false);
      expect(ignore.excludes('services/user/src/main.ts')).toBe(false);
    });
  });

  describe('label selectors and NetworkPolicy semantics', () => {
    it('matches labels and expressions', () => {
      expect(
        selects(
          { matchLabels: { a: '1' }, matchExpressions: [{ key: 'b', operator: 'In', values: ['x', 'y'] }] },
          { a: '1', b: 'y' },
        ),
      ).toBe(true);
      expect(selects({ matchExpressions: [{ key: 'b', operator: 'DoesNotExist' }] }, { b: '' })).toBe(false);
    });

    const policy = (name: string, spec: object) => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name },
      spec,
    });
    const web = { name: 'web', labels: { role: 'web' }, ports: [{ name: 'http', containerPort: 8080 }] };
    const db = { name: 'db', labels: { role: 'db' }, ports: [{ name: 'pg', containerPort: 5432 }] };
    const other = { name: 'other', labels: {} };
    const lb = { name: 'lb', namespace: 'ingress', labels: {} };
    const policies = new NetworkPolicies(
      [
        policy('deny', { podSelector: { matchLabels: { role: 'web' } }, policyTypes: ['Ingress', 'Egress'] }),
        policy('web-in', {
          podSelector: { matchLabels: { role: 'web' } },
          ingress: [
            {
              from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress' } } }],
              ports: [{ port: 'http' }],
            },
          ],
        }),
        policy('web-out', {
          podSelector: { matchLabels: { role: 'web' } },
          policyTypes: ['Egress'],
          egress: [{ to: [{ podSelector: { matchLabels: { role: 'db' } } }], ports: [{ port: 5432 }] }],
        }),
        policy('db-in', {
          podSelector: { matchLabels: { role: 'db' } },
          ingress: [{ from: [{ podSelector: { matchLabels: { role: 'web' } } }] }],
        }),
        policy('out', {
          podSelector: { matchLabels: { role: 'web' } },
          policyTypes: ['Egress'],
          egress: [
            { to: [{ ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8'] } }], ports: [{ port: 443 }] },
          ],
        }),
      ],
      'shop',
    );
    it('allows only what a rule of a selecting policy allows, on both ends, by named or numbered port', () => {
      expect(policies.allows(lb, web, 8080)).toBe(true);
      expect(policies.allows(lb, web, 9090)).toBe(false);
      expect(policies.allows(other, web, 8080)).toBe(false);
      expect(policies.allows(web, db, 5432)).toBe(true);
      expect(policies.allows(other, db, 5432)).toBe(false);
      expect(policies.allows(web, other, 5432)).toBe(false);
    });
    it('leaves unselected pods open and honours ipBlock exceptions and protocols', () => {
      expect(policies.allows(other, lb, 80)).toBe(true);
      expect(policies.allows(web, { name: 'internet', ip: '203.0.113.10' }, 443)).toBe(true);
      expect(policies.allows(web, { name: 'internal', ip: '10.1.2.3' }, 443)).toBe(false);
      expect(policies.allows(web, db, 5432, 'UDP')).toBe(false);
    });
    it('reports selectors that select no pod', () => {
      expect(policies.selectorsMatchingNothing([web, other])).toEqual([
        'web-out: egress[0] podSelector {"matchLabels":{"role":"db"}}',
        'db-in: spec.podSelector',
      ]);
    });
  });
});

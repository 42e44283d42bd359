/** One jest for the whole monorepo: unit specs beside the code, integration per service, API through the gateway. */
/** `tsx` only for .tsx files (the user service's mail templates): in a .ts file `<T>(x) => x` is a generic, not JSX. */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
/**
 * @react-email/render loads react-dom/server with a dynamic import(), which jest's module runtime
 * refuses without --experimental-vm-modules: swc turns it into a require, as Node would load it.
 */
const REACT_EMAIL_RENDER = '/node_modules/@react-email/render/.+\\.cjs$';
/** Packages published as ES modules only (otplib's base32 and hashes), turned into CommonJS for jest. */
const ESM_ONLY = ['@scure/base', '@noble/hashes'];
const ecmascript = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const shared = {
  transform: {
    '^.+\\.ts$': swc(false),
    '^.+\\.tsx$': swc(true),
    [REACT_EMAIL_RENDER]: ecmascript,
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: ecmascript,
  },
  transformIgnorePatterns: [`/node_modules/(?!(@react-email/render|${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: {
    '^@shop/proto$': '<rootDir>/proto/src',
    '^@shop/kit$': '<rootDir>/services/kit/src',
    '^@shop/kit/dist/(.*)$': '<rootDir>/services/kit/src/$1',
    '^@shop/web-kit/(.*)$': '<rootDir>/web-store/kit/src/$1',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
  globalSetup: '<rootDir>/e2e/harness/global-setup.ts',
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{proto,services,gateway}/**/src/**/*.spec.{ts,tsx}'],
      globalSetup: undefined,
    },
    { ...shared, displayName: 'integration', testMatch: ['<rootDir>/services/*/test/**/*.test.ts'] },
    { ...shared, displayName: 'api', testMatch: ['<rootDir>/e2e/api/**/*.test.ts'] },
    { ...shared, displayName: 'deploy', testMatch: ['<rootDir>/e2e/deploy/**/*.test.ts'] },
    { ...shared, displayName: 'browser', testMatch: ['<rootDir>/e2e/browser/**/*.test.ts'] },
  ],
};

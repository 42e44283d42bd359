/** One jest for the whole monorepo: unit specs beside the code, integration per service, API through the gateway. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
/** Packages published as ES modules only (otplib's base32 and hashes), turned into CommonJS for jest. */
const ESM_ONLY = ['@scure/base', '@noble/hashes'];
const shared = {
  transform: { '^.+\\.tsx?$': swc, [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: swc },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: {
    '^@shop/proto$': '<rootDir>/proto/src',
    '^@shop/kit$': '<rootDir>/services/kit/src',
    '^@shop/kit/dist/(.*)$': '<rootDir>/services/kit/src/$1',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
  globalSetup: '<rootDir>/e2e/harness/global-setup.ts',
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{proto,services,gateway}/**/src/**/*.spec.ts'], globalSetup: undefined },
    { ...shared, displayName: 'integration', testMatch: ['<rootDir>/services/*/test/**/*.test.ts'] },
    { ...shared, displayName: 'api', testMatch: ['<rootDir>/e2e/api/**/*.test.ts'] },
    { ...shared, displayName: 'deploy', testMatch: ['<rootDir>/e2e/deploy/**/*.test.ts'] },
    { ...shared, displayName: 'browser', testMatch: ['<rootDir>/e2e/browser/**/*.test.ts'] },
  ],
};

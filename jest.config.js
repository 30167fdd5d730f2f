// Jest runs the TypeScript sources as ESM through @swc/jest (see docs/decisions.md, "Toolchain").
const swc = ['@swc/jest', { swcrc: true }];

export default {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': swc,
    // ESM-only packages that Jest 30 on Node 20 cannot require() (TOOLCHAIN.md, fact 2).
    'node_modules/(cookie|content-disposition)/.+\\.js$': swc,
  },
  transformIgnorePatterns: ['node_modules/(?!(cookie|content-disposition)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
  // Jest in ESM mode keeps every test file's module graph (jestjs/jest#14605): a worker grew past 1.2 GB, and a
  // process that large takes longer to exit than the 500 ms Jest waits, so it was force-exited. Restart it sooner.
  workerIdleMemoryLimit: '384MB',
  verbose: false,
};

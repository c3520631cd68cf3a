// Every suite in the repo, as one jest run of several projects. Workspace packages resolve to their
// TypeScript sources. Child processes started by tests (tsx) load workspace packages from dist/,
// which `npm test` rebuilds first; run `npx tsc -b` before a bare `npx jest` after changing kit or proto.
const path = require('node:path');

const root = __dirname;
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', decorators: false }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const moduleNameMapper = {
  '^@podz/proto$': path.join(root, 'proto/src/index.ts'),
  '^@podz/kit$': path.join(root, 'services/kit/src/index.ts'),
  '^@podz/kit/testing$': path.join(root, 'services/kit/src/testing/index.ts'),
  '^@podz/kit/blobs$': path.join(root, 'services/kit/src/blobs/index.ts'),
  '^@podz/kit/listens$': path.join(root, 'services/kit/src/listens/index.ts'),
  '^@podz/read-models$': path.join(root, 'services/read-models/src/index.ts'),
  '^@podz/read-models/testing$': path.join(root, 'services/read-models/src/testing/index.ts'),
  '^@podz/local-infra$': path.join(root, 'deploy/local/src/index.ts'),
};

const PROJECTS = [
  'proto',
  'services/kit',
  'services/read-models',
  'services/identity',
  'services/catalog',
  'services/requests',
  'services/messaging',
  'services/content',
  'services/analytics',
  'services/billing',
  'services/notifications',
  'services/search',
  'services/media',
  'services/ads',
  'services/listening',
  'gateway',
  'deploy',
  'web',
  'e2e',
  // The benches' and the soak's own arithmetic (their runs are not part of `npm test`).
  'scripts',
];

module.exports = {
  globalSetup: path.join(root, 'scripts/jest/global-setup.ts'),
  globalTeardown: path.join(root, 'scripts/jest/global-teardown.ts'),
  transform: { '^.+\\.tsx?$': swc },
  // Real brokers and stores answer in milliseconds, but a consumer group join can take seconds.
  // (A global option: jest ignores it inside a project.)
  testTimeout: 60_000,
  // Three suites at a time on two cores (jest's default there is one): a suite spends much of its
  // time waiting on brokers, browsers and clocks, and a third one computes in those gaps. Each
  // worker has a Redis database of its own (kit's testInfra); databases, topics and consumer
  // groups are per file.
  maxWorkers: 3,
  projects: PROJECTS.map((dir) => ({
    displayName: dir,
    rootDir: path.join(root, dir),
    testEnvironment: 'node',
    transform: { '^.+\\.tsx?$': swc },
    moduleNameMapper,
    testMatch: ['<rootDir>/**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  })),
};

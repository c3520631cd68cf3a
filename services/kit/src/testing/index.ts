// Helpers for tests that run against the real infrastructure; never imported by production code.
export { testInfra, uniqueName, type TestInfra } from './test-infra';
export { testKeys, otherKeys, testToken, type KeyPair } from './test-keys';
export { testServiceEnv, testTopic, TEST_KAFKA_NAMESPACE } from './test-service-env';
export { readTopic, type ReadMessage } from './read-topic';
export {
  runServiceProcess,
  spawnService,
  freePort,
  type ProcessRun,
  type ServiceChild,
} from './service-process';
export { describeServiceProcess } from './service-process-suite';
export { eventually } from './eventually';
export { testMember, type TestMember } from './test-member';
export { MailInbox, linkIn, type InboxMessage } from './mail-inbox';
export { useOptionalComponent, type OptionalComponent } from './optional-component';

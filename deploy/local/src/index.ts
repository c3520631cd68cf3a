export { resolveInfra, type ResolvedInfra } from './resolve-infra';
export { COMPONENTS, type Component, type InfraEndpoints, type InfraSource } from './infra-components';
export { isDockerEngineReachable } from './docker-engine';

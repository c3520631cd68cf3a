// The listen recorder, shared by the services that serve what podcast apps download (feeds, audio).
export {
  listenPreparation,
  listenRecorder,
  listenRecording,
  listenerSaltPrefix,
  listenSettings,
  readCountries,
  type ListenRecorder,
} from './listen-recorder';
export {
  prepareListens,
  recordListens,
  type Heard,
  type ListenPreparation,
  type ListenTarget,
  type ListenWhere,
} from './record-listens';
export { UnplacedListens, type UnplacedListensOptions } from './unplaced-listens';
export { CountryTable } from './country-of';
export { ListenerSalts, listenerHash, utcDay, utcMonth } from './listener-hash';
export { ListenerIdentity, type ListenerFacts } from './listener-identity';
export { UserAgents, type Agent } from './user-agents';

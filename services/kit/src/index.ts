// The public surface of @podz/kit: what services import to run the same way.
export { loadConfig, requiredVariables } from './config/load-config';
export {
  serviceConfig,
  serviceConfigSchema,
  pemKey,
  serviceUrls,
  LOG_LEVELS,
  type ServiceConfig,
} from './config/service-config';
export { createLogger, REDACTED_PATHS, type Logger } from './logging/logger';
export {
  AppError,
  badRequest,
  unauthenticated,
  forbidden,
  notFound,
  conflict,
  tooManyRequests,
  present,
} from './errors/app-error';
export {
  createHttpApp,
  requestMechanics,
  TRUSTED_PROXIES,
  type HttpAppOptions,
  type RequestMechanics,
} from './http/create-app';
export {
  answerError,
  errorMiddleware,
  failRequest,
  notFoundHandler,
  sendApiError,
} from './http/error-middleware';
export { runMechanics, type Mechanic, type Next } from './http/run-mechanics';
export { DirectRoutes } from './http/direct-routes';
export type { DirectHandler, DirectRequest, DirectResponse } from './http/direct-request';
export {
  handle,
  handleSignedIn,
  handleSignedInDirect,
  parseInput,
  type InputSchemas,
  signedInUser,
  zodDetails,
  type RouteInput,
  type SignedInInput,
} from './http/validation';
export { notModified, type Validators } from './http/conditional-get';
// Also brings its `req.log` (Node's IncomingMessage) to the services' handlers.
export { accessLog } from './http/access-log';
export { answerUnparsableRequests, listen, closeServer } from './http/server-lifecycle';
export { requestId, REQUEST_ID_HEADER } from './http/request-id';
export {
  idempotent,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  type Idempotent,
} from './http/idempotency';
export { isAdmin, type AuthUser } from './auth/auth-user';
export { authenticate, requireAuth, requireAccess } from './auth/auth-middleware';
export { tableAccess } from './auth/table-access';
export { signSessionToken, verifySessionToken, TOKEN_ISSUER, TOKEN_AUDIENCE } from './auth/session-token';
export { SessionRevocations } from './auth/session-revocations';
export { sessionFromHeaders } from './auth/session-from-headers';
export { RateLimiter, type RateLimit, type RateDecision } from './rate-limit/rate-limiter';
export { connectMongo, isDuplicateKey, onlyDuplicateKeys, pingMongo, redactUrl } from './mongo/connect-mongo';
export { runOnce } from './mongo/run-once';
export { InsertBatcher, type InsertTarget } from './mongo/insert-batcher';
export { findInIdOrder, inIdOrder } from './mongo/in-id-order';
export { idTime, keyed, keyedOrNull, type Keyed } from './mongo/keyed';
export { newId } from './mongo/new-id';
export { LruMap } from './cache/lru-map';
export { MinuteMemo } from './cache/minute-memo';
export { RecentReads } from './cache/recent-reads';
export {
  SURROGATE_PURGE_CHANNEL,
  listenForPurges,
  purgeSurrogateKey,
  type SurrogatePurges,
} from './cache/surrogate-purge';
export { closeRedis, connectRedis } from './redis/connect-redis';
export { ListKeeper, type ListFamily } from './lists/list-keeper';
export { pageFromList, type ListReading } from './lists/page-from-list';
export {
  RankedLists,
  type KeptRecords,
  type Placement,
  type RankedPage,
  type RecordKeys,
} from './lists/ranked-lists';
export { healthRoutes, type ReadinessCheck } from './health/health-routes';
export { createMetrics, type Metrics } from './metrics/http-metrics';
export { createKafka, ensureStreamTopic, ensureTopics, DEFAULT_PARTITIONS } from './events/kafka-client';
export { RecordStream, type RecordStreamOptions } from './events/record-stream';
export { clientAddress } from './http/client-address';
export { UpstreamPool } from './http/upstream-pool';
export { MediaUploads, mediaUnavailable } from './http/media-uploads';
export { recordsOfMessage } from './events/record-messages';
export { RecordConsumer, type RecordConsumerOptions } from './events/record-consumer';
export {
  EventProducer,
  toKafkaMessage,
  CLOUDEVENTS_CONTENT_TYPE,
  type PendingEvent,
} from './events/event-producer';
export {
  outboxPlugin,
  withEvents,
  newWithEvents,
  pendingEvent,
  OUTBOX_FIELDS,
  type OutboxEntry,
} from './events/outbox';
export { OutboxRelay, type AggregateModel, type WatchedModel } from './events/outbox-relay';
export { markDeleted, purgeTombstones, restateLive } from './events/tombstone';
export {
  EventConsumer,
  on,
  onBatch,
  type BatchHandler,
  type EventHandler,
  type Subscription,
} from './events/event-consumer';
export { HandledEvents } from './events/handled-events';
export {
  startService,
  type ServiceContext,
  type ServiceDefinition,
  type ServiceParts,
  type ConsumerGroup,
  type RunningService,
} from './service/start-service';
export { runMain } from './service/run-main';
export { BackgroundJobs } from './service/background-jobs';
export { PeriodicTask } from './service/periodic-task';
export {
  jobPlugin,
  jobStatus,
  queuedJob,
  JOB_STATES,
  type JobState,
  type JobStatus,
  type StoredJob,
} from './jobs/job-fields';
export {
  JobFailure,
  JobWorker,
  type JobOutcome,
  type JobWorkerOptions,
  type RunningJob,
} from './jobs/job-worker';
export { hourOf, sweepDueHours, type DueHours } from './service/due-hours';
export { mailConfigFields } from './mail/mail-config';
export { Mailer, type Email } from './mail/mailer';
export { renderEmail, type EmailContent } from './mail/email-layout';
export { sanitizeRichText } from './http/rich-text';
export { isoOrNull } from './http/iso-date';
export { escapeRegex } from './mongo/escape-regex';
export { PremiumTokens, premiumLinkSecretSetting, type AudioKeyCheck } from './premium/premium-tokens';
export { receiveOneFile, type IncomingFile, type OneFileOptions } from './http/one-file-upload';

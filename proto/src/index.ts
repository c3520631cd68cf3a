// The public surface of @podz/proto: the contracts every package shares.
export * from './ids';
export * from './access';
export * from './categories';
export * from './constants';
export * from './pagination';
export * from './errors';
export * from './services';
export * from './events/topics';
export * from './events/envelope';
export * from './events/define-event';
export * from './session';
export * from './events/identity-user-events';
export * from './events/registry';
export * from './identity/user-fields';
export * from './identity/user-api';
export * from './identity/auth-api';
export * from './event-docs';

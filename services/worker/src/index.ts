export { startWorkers, type Workers, type StartWorkersOptions } from './runtime';
export { createOutboxRelay, type OutboxRelay } from './relay';
export { createJobHandlers, assertHandlers, MissingHandlerError } from './handlers';

/** Injection tokens of the ports (interfaces have no runtime identity). */
export const EVENT_STORE = Symbol('EventStore');
export const READ_STORE = Symbol('ReadStore');
export const CHECKPOINT_STORE = Symbol('CheckpointStore');
export const INTEGRATION_PUBLISHER = Symbol('IntegrationPublisher');
export const PROJECTIONS = Symbol('Projections');
export const PROJECTION_RUNNER = Symbol('ProjectionRunner');
export const INTEGRATION_RELAY = Symbol('IntegrationRelay');
export const ADAPTERS = Symbol('Adapters');
export const SEARCH_INDEX = Symbol('SearchIndex');

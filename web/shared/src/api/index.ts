export * from './analytics';
export * from './answers';
export * from './errors';
export * from './media';
export * from './paths';
export * from './scorm';
export * from './speach';
export * from './vocabulary';

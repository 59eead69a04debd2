export * from './analytics';
export * from './errors';
export * from './paths';
export * from './scorm';
export * from './speach';

export * from './envelope';
export * from './schema-registry';
export * from './uuid';
export * from './user.events';
export * from './group.events';
export * from './site.events';
export * from './speach.events';

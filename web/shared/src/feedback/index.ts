export * from './labels';
export * from './states';
export * from './toast';

// Subpaths (`/api`, `/format`, `/feedback`, `/diff`) let code without React or MUI (tests, pure rules) import only what it needs.
export * from './api';
export * from './format/intl';
export * from './feedback';
export * from './diff';

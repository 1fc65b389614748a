export * from './config-types.js';
export * from './config-slice.js';

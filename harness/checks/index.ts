export * from './schema.js';
export * from './locate.js';
export * from './http.js';
export * from './paging.js';
export * from './dates.js';
export * from './partial-update.js';
export * from './shape.js';
export * from './updated-window.js';

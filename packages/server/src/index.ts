/**
 * @olsen/server — tables, invite codes, bots in empty seats, real-time play
 * over socket.io, persistence by record (SQLite or PostgreSQL through kysely).
 */
export * from './config.js';
export * from './coordinator.js';
export * from './identity.js';
export * from './ports.js';
export * from './pubsub.js';
export * from './cluster.js';
export * from './clock.js';
export * from './store.js';
export * from './server.js';
export { serve } from './main.js';
export * from './backup.js';

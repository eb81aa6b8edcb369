/**
 * @olsen/protocol — every message between the Olsen server and its clients,
 * with runtime schemas (valibot), shared by the server and the web app.
 */
export * from './codes.js';
export * from './avatars.js';
export * from './tempo.js';
export * from './messages.js';

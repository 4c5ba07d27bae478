// Every context's tables, gathered for drizzle-kit and the typed query builder.
// A context reads another context's data only through that context's service.
export * from '../content/schema.js';
export * from '../support/schema.js';
export * from '../players/schema.js';
export * from '../limits/schema.js';
export * from '../documents/schema.js';
export * from '../wallet/schema.js';
export * from '../payments/schema.js';
export * from '../bonus/schema.js';
export * from '../games/schema.js';
export * from '../audit/schema.js';
export * from '../games/jackpots/schema.js';
export * from '../tournaments/schema.js';
export * from '../staff/schema.js';

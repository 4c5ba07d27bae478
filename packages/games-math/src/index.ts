export * from './config.js';
export * from './rng.js';
export { engineFor, type Engine } from './engine.js';
export * from './evaluate.js';
export * from './exact.js';
export { spinDistribution, type SpinDistribution } from './distribution.js';
export * from './hash.js';
export * from './money.js';
export * from './rtp.js';

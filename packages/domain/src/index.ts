export * from './breakpoints';
export * from './device';
export * from './money';
export * from './pagination';
export * from './text';
export * from './time';
export * from './cpr';
export * from './redirects';

export { discoverFiles } from './discover-files.js';
export { walkFiles } from './walk.js';
export { isLikelySecret } from './secrets.js';
export * from './types.js';

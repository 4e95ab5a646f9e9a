export * from './types';
export { openDatabase, type OpenOptions } from './open';
export { prepareDatabase } from './prepare';
export { assumeIdentity, withIdentity, type RequestInfo } from './identity';

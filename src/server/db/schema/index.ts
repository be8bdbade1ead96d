export * from './catalog';
export * from './credentials';
export * from './history';
export * from './exchange';
export * from './deployment';

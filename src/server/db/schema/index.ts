export * from './catalog';
export * from './credentials';

// The whole database schema: one file per area, re-exported here for drizzle and drizzle-kit.
export * from './system';
export * from './auth';
export * from './files';
export * from './companies';
export * from './rates';
export * from './cost';
export * from './business-processes';
export * from './specifications';
export * from './templates';
export * from './education';
export * from './noty';
export * from './activity';
export * from './catalog';

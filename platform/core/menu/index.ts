export * from './menu-rules';
export * from './menu-tree';
export * from './route-match';

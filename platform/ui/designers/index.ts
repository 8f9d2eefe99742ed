export * from './data-source/index';
export * from './grid-page/index';
export * from './menu/index';
export * from './kit/index';

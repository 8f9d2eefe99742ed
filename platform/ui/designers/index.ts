export * from './data-source/index';

export * from './linear-pattern';

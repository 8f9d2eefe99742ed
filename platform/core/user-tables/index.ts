export * from './field-types';
export * from './controls';

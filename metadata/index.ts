export * from './auth';
export * from './constants';
export * from './current-user';
export * from './identity';
export * from './languages';
export * from './menu';
export * from './problem-report';
export * from './routes';
export { defaultTexts } from './translations/index';

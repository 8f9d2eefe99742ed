// Public API of the React side of the platform. Each area exports through its own index.
export {};
export * from './auth';
export * from './cookie-banner';
export * from './cookies';
export * from './dialogs';
export * from './http';
export * from './icons/stroke-icon';
export * from './i18n';
export * from './logging';
export * from './menu';
export * from './routing';
export * from './session';
export * from './storage/index';
export * from './schema-form/index';
export * from './schema-grid/index';
export * from './engine/index';
export * from './designers/index';
export * from './downloads';

export {
  installGlobalErrorLogging,
  type ClientErrorReport,
  type GlobalErrorLoggingOptions,
} from './global-error-logging';

export type { ErrorHandling } from './handle-http-error';
export { fieldErrorsOf, type FieldError } from './field-errors';
export {
  http,
  type BodylessRequestOptions,
  type HttpMethod,
  type RequestOptions,
} from './http-client';
export { configureHttp, resetHttpConfig, type HttpConfig } from './http-config';
export { HttpError } from './http-error';
export { useLastError, type LastHttpError } from './last-error';
export { usePageReveal } from './page-reveal';
export type { QueryParams, QueryValue } from './request-url';
export { fileNameOf, type DownloadedFile, type ResponseType } from './response-body';
export { saveFile } from './save-file';

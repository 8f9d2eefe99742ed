export { DownloadButton, type DownloadButtonProps, DownloadIcon } from './download-button';
export { UploadButton, type UploadButtonProps, UploadIcon } from './upload-button';

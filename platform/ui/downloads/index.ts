export { DownloadButton, type DownloadButtonProps, DownloadIcon } from './download-button';

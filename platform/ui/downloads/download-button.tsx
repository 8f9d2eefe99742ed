import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { dialogs } from '../dialogs';
import { failureText } from '../engine/failure-text';
import { saveFile } from '../http';
import { StrokeIcon } from '../icons/stroke-icon';

export const DownloadIcon = () => (
  <StrokeIcon size={14}>
    <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />
  </StrokeIcon>
);

export interface DownloadButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  /** Fetches the file (the http client's `responseType: 'file'`). */
  download(): Promise<{ blob: Blob; fileName: string | null }>;
  /** The file's name when the server gives none. */
  fallbackName: string;
  /** Shown when the download fails and the server says nothing (already translated). */
  failure: string;
  /** How a failure is shown: the spec's exports use an info dialog, others a warning. */
  failureDialog?: 'info' | 'warning';
  children: ReactNode;
}

/**
 * A button that downloads a file and hands it to the browser to save; busy while it runs, and
 * a failure shown in a dialog with the server's text, the button enabled again.
 *
 * @example <DownloadButton download={exportSnapshot} fallbackName="data-sources.json" failure={t('...')}>Export</DownloadButton>
 */
export function DownloadButton({
  download,
  fallbackName,
  failure,
  failureDialog = 'warning',
  children,
  size = 'xs',
  variant = 'light',
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveFile(await download(), fallbackName);
    } catch (error) {
      await dialogs[failureDialog](failureText(error, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant={variant}
      leftSection={<DownloadIcon />}
      loading={busy}
      disabled={busy}
      onClick={() => void run()}
    >
      {children}
    </Button>
  );
}

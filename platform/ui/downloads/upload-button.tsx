import { Button, FileButton } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { StrokeIcon } from '../icons/stroke-icon';

export const UploadIcon = () => (
  <StrokeIcon size={14}>
    <path d="M12 20V9m-5 5 5-5 5 5M5 4h14" />
  </StrokeIcon>
);

export interface UploadButtonProps {
  /** The file chooser's filter, e.g. `.csv,text/csv`. */
  accept: string;
  /** The file input's accessible name (already translated). */
  fileLabel: string;
  /** Reads the chosen file; the button is busy until it settles. Failures are its to show. */
  upload(file: File): Promise<void>;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * A button that lets the user choose one file and hands it to `upload`, busy while that runs.
 * The chooser is reset each time, so the same file can be chosen again once fixed.
 *
 * @example <UploadButton accept=".xlsx" fileLabel={t('...')} upload={uploadMaterials}>Upload</UploadButton>
 */
export function UploadButton({ accept, fileLabel, upload, disabled, children }: UploadButtonProps) {
  const [busy, setBusy] = useState(false);
  const resetRef = useRef<() => void>(null);
  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setBusy(true);
    try {
      await upload(file);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton
      onChange={(file) => void choose(file)}
      accept={accept}
      resetRef={resetRef}
      inputProps={{ 'aria-label': fileLabel }}
    >
      {(props) => (
        <Button
          {...props}
          size="xs"
          variant="light"
          leftSection={<UploadIcon />}
          loading={busy}
          disabled={disabled || busy}
        >
          {children}
        </Button>
      )}
    </FileButton>
  );
}

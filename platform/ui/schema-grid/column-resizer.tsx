import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { maxColumnWidth, minColumnWidth } from './column-widths';
import classes from './schema-grid.module.css';

export interface ColumnResizerProps {
  /** The column's translated title. */
  title: string;
  width: number;
  onResize(width: number): void;
}

/** Arrow keys move the edge by this many px, with Shift by four times as much. */
const keyStep = 16;

/**
 * The right edge of a column header: drag it, or focus it and use the arrow keys, to make
 * the column narrower or wider.
 */
export function ColumnResizer({ title, width, onResize }: ColumnResizerProps) {
  const { t } = useTranslation();

  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = width;
    const move = (moved: globalThis.PointerEvent) => onResize(startWidth + moved.clientX - startX);
    const end = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      document.body.style.removeProperty('cursor');
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    document.body.style.cursor = 'col-resize';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? keyStep * 4 : keyStep;
    if (event.key === 'ArrowRight') onResize(width + step);
    else if (event.key === 'ArrowLeft') onResize(width - step);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('GRID.RESIZE_COLUMN', { column: title })}
      aria-valuenow={width}
      aria-valuemin={minColumnWidth}
      aria-valuemax={maxColumnWidth}
      tabIndex={0}
      className={classes.resizer}
      onPointerDown={startDrag}
      onKeyDown={onKeyDown}
      // A click on the edge must not sort the column.
      onClick={(event) => event.stopPropagation()}
    />
  );
}

import { deliveryEntity, type GridColumn } from '#metadata';
import { safeCellText } from '../../../engine/export/cell-text';
import { stateName, stateStyle, stateStyles } from './state-cells';
import type { CellValue, SheetColumn } from '../../../engine/export/xlsx-stream';

/** A delivery as the export reads it (through the engine's list). */
export type ExportedDelivery = Record<string, unknown>;

type Texts = Readonly<Record<string, string>>;

/** The fields each column reads: the forecast column is written from its figures, not HTML. */
const sourceFields: Readonly<Record<string, readonly string[]>> = {
  WeatherForecastAsHtml: ['WeatherForecastTemperature', 'WindSpeed'],
};

const widths: Readonly<Record<string, number>> = {
  DeliveryDate: 12,
  AvailableTimeForCompaction: 12,
  State: 10,
  MaterialCode: 20,
  SoldToPartyName: 30,
  UnitCode: 10,
  SiteName: 30,
  Time: 10,
  OrderQuantity: 10,
  WeatherForecastAsHtml: 24,
};

const fieldsOf = (column: GridColumn) => [column.Field, ...(sourceFields[column.Field] ?? [])];

/**
 * The home grid's columns, in their order; with `visible`, only those whose fields the caller
 * may all see (a field hidden from them is not exported, not even as an empty column).
 */
export function homeGridColumns(visible?: ReadonlySet<string>): GridColumn[] {
  return [...deliveryEntity.grid.Columns]
    .filter((column) => !visible || fieldsOf(column).every((field) => visible.has(field)))
    .sort((a, b) => a.Order - b.Order);
}

/** What the export reads of each delivery: the grid's fields and the forecast's figures. */
export function exportedFields(visible?: ReadonlySet<string>): string[] {
  return homeGridColumns(visible).flatMap((column) => sourceFields[column.Field] ?? [column.Field]);
}

const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** `YYYY-MM-DD` (or a Date) as the date cell Excel shows for that day. */
export function dateCell(value: unknown): Date | null {
  if (value instanceof Date) return value;
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** Data text as a cell: never read as a formula. */
export function textCell(value: unknown): string | null {
  return value === null || value === undefined ? null : safeCellText(String(value));
}

/** The forecast as words, e.g. "7 °C, wind 24 km/h" (the grid shows it as HTML). */
export function forecastText(temperature: unknown, wind: unknown): string | null {
  const air = numberOrNull(temperature);
  const speed = numberOrNull(wind);
  const parts = [
    air === null ? null : `${Math.round(air)} °C`,
    speed === null ? null : `wind ${Math.round(speed)} km/h`,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Excel's number format for a grid format: `DD/MM/YYYY` is `dd/mm/yyyy`. */
function numberFormat(column: GridColumn): string | undefined {
  if (column.Type === 'date') return (column.Format ?? 'DD/MM/YYYY').toLowerCase();
  if (column.Type === 'number') return column.Format ?? undefined;
  return undefined;
}

function cellOf(column: GridColumn, texts: Texts): (row: ExportedDelivery) => CellValue {
  const field = column.Field;
  if (field === 'State') return (row) => stateName(String(row.State ?? ''), texts);
  if (field === 'WeatherForecastAsHtml') {
    return (row) => forecastText(row.WeatherForecastTemperature, row.WindSpeed);
  }
  if (column.Type === 'date') return (row) => dateCell(row[field]);
  if (column.Type === 'number') {
    const decimals = /^0\.(0+)$/.exec(column.Format ?? '')?.[1]?.length;
    return (row) => {
      const value = numberOrNull(row[field]);
      if (value === null || decimals === undefined) return value;
      return Number(value.toFixed(decimals));
    };
  }
  return (row) => textCell(row[field]);
}

/**
 * The export's columns: the home grid's, with headers in the caller's language, dates and
 * numbers as typed cells in the grid's formats, the state by its long name in its colour,
 * and the forecast as words.
 */
export function deliverySheetColumns(
  texts: Texts,
  visible?: ReadonlySet<string>,
): SheetColumn<ExportedDelivery>[] {
  return homeGridColumns(visible).map((column) => {
    const numFmt = numberFormat(column);
    return {
      header: texts[column.Title] ?? column.Title,
      width: widths[column.Field] ?? 14,
      ...(numFmt ? { numFmt } : {}),
      value: cellOf(column, texts),
      ...(column.Field === 'State'
        ? {
            styles: stateStyles,
            style: (row: ExportedDelivery) => stateStyle(String(row.State ?? '')),
          }
        : {}),
    };
  });
}

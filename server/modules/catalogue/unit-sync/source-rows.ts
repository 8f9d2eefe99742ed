import { parse } from 'csv-parse/sync';
import { type RowProblem, unitSchema, type UnitSync } from '#metadata';
import { parsePostcode } from '../../places/index';
import type { SyncSourceFormat } from './sync-settings';
import { SyncSourceError } from './source-fetch';

/** A unit as the recording system holds it, checked and tidied as our unit rules would. */
export type SourceUnit = UnitSync['New'][number];

/** A row of the source that was left out, and why (its row counts from 1, after any header). */
export type SyncProblem = RowProblem;

export const maxSourceRows = 10_000;

type Raw = Record<string, unknown>;
const props = unitSchema.properties;

const malformed = (message: string) => new SyncSourceError('malformed', message);

/** The rows of a JSON source: an array, or an object holding one (`Units`, `value`, `items`). */
function jsonRows(text: string): Raw[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformed('The units source did not send JSON.');
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const holder = body as Raw;
    const key = Object.keys(holder).find((k) =>
      ['units', 'value', 'items'].includes(k.toLowerCase()),
    );
    body = key ? holder[key] : undefined;
  }
  if (!Array.isArray(body)) {
    throw malformed('The units source sent JSON that is not a list of units.');
  }
  return body as Raw[];
}

function csvRows(text: string): Raw[] {
  try {
    return parse(text, {
      columns: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      max_record_size: 10_000,
      to: maxSourceRows + 1,
    }) as Raw[];
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 200) : '';
    throw malformed(`The units source did not send readable CSV (${detail}).`);
  }
}

/** The value of a field whatever the case of its name (`code`, `Code`, `CODE`). */
function field(row: Raw, name: string): unknown {
  const key = Object.keys(row).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : row[key];
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function text(value: unknown, name: 'Code' | 'Name'): string | string[] {
  const limit = props[name].maxLength;
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string' || value.trim() === '') return ['is required'];
  const tidy = value.trim();
  return tidy.length > limit ? [`is longer than ${limit} characters`] : tidy;
}

function flag(value: unknown): boolean | string[] {
  if (isBlank(value)) return true;
  if (typeof value === 'boolean') return value;
  const word = String(value).trim().toLowerCase();
  if (['true', '1', 'yes', 'y'].includes(word)) return true;
  if (['false', '0', 'no', 'n'].includes(word)) return false;
  return ['is not true or false'];
}

function coordinate(value: unknown, name: 'Latitude' | 'Longitude'): number | null | string[] {
  if (isBlank(value)) return null;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  const { minimum, maximum } = props[name];
  if (!Number.isFinite(number)) return ['is not a number'];
  if (number < minimum || number > maximum) return [`is not between ${minimum} and ${maximum}`];
  return number;
}

function postcode(value: unknown): string | null | string[] {
  if (isBlank(value)) return null;
  const parsed = typeof value === 'string' ? parsePostcode(value) : null;
  return parsed ? parsed.text : ['is not a UK postcode'];
}

/** One row as a unit, or the problems that keep it out. */
function unitOf(row: unknown, at: number): SourceUnit | SyncProblem[] {
  if (!row || typeof row !== 'object' || Array.isArray(row)) {
    return [{ Row: at, Field: 'Code', Message: 'is not a unit' }];
  }
  const raw = row as Raw;
  const values = {
    Code: text(field(raw, 'Code'), 'Code'),
    Name: text(field(raw, 'Name'), 'Name'),
    Active: flag(field(raw, 'Active')),
    Latitude: coordinate(field(raw, 'Latitude'), 'Latitude'),
    Longitude: coordinate(field(raw, 'Longitude'), 'Longitude'),
    Postcode: postcode(field(raw, 'Postcode')),
  };
  const problems = Object.entries(values).flatMap(([name, value]) =>
    Array.isArray(value)
      ? value.map((message) => ({ Row: at, Field: name, Message: message }))
      : [],
  );
  const unit = values as unknown as SourceUnit;
  if (problems.length === 0 && (unit.Latitude === null) !== (unit.Longitude === null)) {
    const missing = unit.Latitude === null ? 'Latitude' : 'Longitude';
    problems.push({ Row: at, Field: missing, Message: 'is required with the other coordinate' });
  }
  return problems.length > 0 ? problems : unit;
}

/**
 * The units of a source document: every row checked (code and name required and bounded,
 * Active a flag, coordinates in range and in pairs, a UK postcode); bad rows and repeated codes
 * are reported, not taken. A document that is not a list is a `SyncSourceError`.
 */
export function sourceUnits(
  text: string,
  format: SyncSourceFormat,
): { units: SourceUnit[]; problems: SyncProblem[] } {
  const rows = format === 'csv' ? csvRows(text) : jsonRows(text);
  if (rows.length > maxSourceRows) {
    throw malformed(`The units source sent more than ${maxSourceRows} units.`);
  }
  const units: SourceUnit[] = [];
  const problems: SyncProblem[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const at = index + 1;
    const unit = unitOf(row, at);
    if (Array.isArray(unit)) return void problems.push(...unit);
    const key = unit.Code.toUpperCase();
    if (seen.has(key)) {
      return void problems.push({ Row: at, Field: 'Code', Message: 'is repeated in the source' });
    }
    seen.add(key);
    units.push(unit);
  });
  return { units, problems };
}

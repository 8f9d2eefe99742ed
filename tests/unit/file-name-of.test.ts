import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../platform/ui/http';

describe('fileNameOf (Content-Disposition)', () => {
  it('reads a plain file name', () => {
    expect(fileNameOf('attachment; filename=deliveries.xlsx')).toBe('deliveries.xlsx');
    expect(fileNameOf('attachment; filename=report.pdf; size=120')).toBe('report.pdf');
  });

  it('reads a quoted file name, spaces and semicolons included', () => {
    expect(fileNameOf('attachment; filename="Deliveries 24-11-2026.xlsx"')).toBe(
      'Deliveries 24-11-2026.xlsx',
    );
    expect(fileNameOf('attachment; filename="a;b.xlsx"; size=3')).toBe('a;b.xlsx');
  });

  it('prefers the RFC 5987 name (UTF-8, percent-encoded) to the plain one', () => {
    expect(
      fileNameOf(
        'attachment; filename="Livraisons.xlsx"; filename*=UTF-8\'\'Livr%C3%A9es%20d%C3%A9j%C3%A0.xlsx',
      ),
    ).toBe('Livrées déjà.xlsx');
    expect(fileNameOf("attachment; filename*=utf-8''%E2%82%AC%20costs.csv")).toBe('€ costs.csv');
  });

  it('reads an RFC 5987 name with a language tag and any case of the charset', () => {
    expect(fileNameOf("attachment; filename*=UTF-8'en'na%C3%AFve.xlsx")).toBe('naïve.xlsx');
    expect(fileNameOf("attachment; filename*=Utf-8''na%C3%AFve.xlsx")).toBe('naïve.xlsx');
  });

  it('reads an RFC 5987 name in ISO-8859-1', () => {
    expect(fileNameOf("attachment; filename*=iso-8859-1'fr'caf%E9.xlsx")).toBe('café.xlsx');
  });

  it('falls back to the plain name when the encoded one is not valid percent-encoding', () => {
    expect(fileNameOf('attachment; filename="plain.xlsx"; filename*=UTF-8\'\'bad%E0%A4%A')).toBe(
      'plain.xlsx',
    );
  });

  it('is null without a name', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('')).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf('attachment; filename=""')).toBeNull();
    expect(fileNameOf('inline; size=12')).toBeNull();
  });
});

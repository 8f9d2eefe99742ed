import { describe, expect, it } from 'vitest';
import { addressWithoutSecrets } from '../../server/security/log-redaction';

describe('addressWithoutSecrets', () => {
  it.each([
    ['https://user:pass@units.example/list?api_key=s3cret#top', 'https://units.example/list', true],
    ['http://units.example:8080/units.csv?token=x', 'http://units.example:8080/units.csv', true],
    ['https://units.example/units.json', 'https://units.example/units.json', false],
    ['https://units.example/list#part', 'https://units.example/list', true],
  ])('shows %s as its origin and path', (url, address, hidden) => {
    const shown = addressWithoutSecrets(url);
    expect(shown).toEqual({ address, hidden });
    expect(shown!.address).not.toMatch(/user|pass|s3cret|token/);
  });

  it('answers null for a text that is no absolute address', () => {
    expect(addressWithoutSecrets('units.example/list')).toBeNull();
    expect(addressWithoutSecrets('')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isLoopbackHost, openAddress } from '../../server/config/open-address';

describe('where the start-up log tells a person to open the app', () => {
  it('says localhost for a loopback or every-interface listener', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::']) {
      expect(openAddress({ host, port: 8311, publicUrl: null }), host).toBe(
        'http://localhost:8311',
      );
    }
  });

  it('names any other host, and prefers PUBLIC_URL', () => {
    expect(openAddress({ host: '10.1.2.3', port: 80, publicUrl: null })).toBe('http://10.1.2.3:80');
    expect(openAddress({ host: 'fd00::5', port: 80, publicUrl: null })).toBe('http://[fd00::5]:80');
    const publicUrl = 'https://asphalt.example.com';
    expect(openAddress({ host: '0.0.0.0', port: 80, publicUrl })).toBe(publicUrl);
  });

  it('tells loopback from the network', () => {
    expect(['127.0.0.1', '127.0.0.2', '::1', 'localhost'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.10'].some(isLoopbackHost)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultTexts } from '../../metadata';
import {
  nameInWords,
  webServiceDescription,
} from '../../app/modules/audit-screens/web-service-description';

const t = (key: string) => defaultTexts[key] ?? key;
const describeCall = (method: string, path: string) => webServiceDescription(method, path, t);

describe('a web service described beside its call name', () => {
  it('says a call name in words', () => {
    expect(nameInWords('GetUserById')).toBe('get user by id');
    expect(nameInWords('IsBBWT2AuthAvailable')).toBe('is BBWT2 auth available');
    expect(nameInWords('GetOpenWeatherMapWeatherForecastByCoord')).toBe(
      'get open weather map weather forecast by coord',
    );
  });

  it('names the area and what the call does, in the texts of the language', () => {
    expect(describeCall('GET', '/api/users/GetUserById/:id')).toBe('Users: get user by id');
    expect(describeCall('GET', '/api/auth/IsBBWT2AuthAvailable')).toBe(
      'Sign-in and session: whether single sign-on through the BBWT2 identity server is offered (here: no)',
    );
    expect(describeCall('DELETE', '/api/dataSources/:id')).toBe('Data sources: delete');
    expect(describeCall('DELETE', '/api/dataSources/:id/data/:rowId')).toBe(
      'Data sources: delete data',
    );
    expect(describeCall('GET', '/odata/UsersOData')).toBe(
      'Lists (OData: paging, sorting, filters): read',
    );
  });

  it('never answers a translation key or nothing for any call the server may list', () => {
    for (const [method, path] of [
      ['GET', '/api/somethingNew/Thing'],
      ['POST', '/api/x/upload'],
      ['GET', '/odata/:entitySet'],
      ['GET', '/api/routes'],
    ]) {
      const words = describeCall(method!, path!);
      expect(words).not.toMatch(/[A-Z_]+\.[A-Z_.]+/);
      expect(words.length).toBeGreaterThan(8);
    }
  });
});

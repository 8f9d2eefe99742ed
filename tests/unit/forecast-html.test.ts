// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ForecastHour } from '#metadata';
import { escapeHtml, forecastHtml, weatherIcon } from '../../server/modules/weather/forecast-html';

const hour: ForecastHour = {
  time: '2025-03-12T12:00:00.000Z',
  airTemperature: 7.4,
  windSpeedKmh: 23.6,
  windGustKmh: 41.2,
  windDirection: 250,
  cloudCoverPercent: 60,
  shortwaveRadiation: 210,
  precipitationProbability: 10,
  precipitationMm: 0,
  weatherCode: 2,
  weatherText: 'Partly cloudy',
};

/** The document a browser would build from the HTML. */
function parse(html: string) {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

describe('forecastHtml', () => {
  it('shows the icon, whole degrees and km/h, with the weather in words as the title', () => {
    const html = forecastHtml(hour);
    expect(html).toBe(
      '<span class="weather-forecast" title="Partly cloudy, 7 °C, wind 24 km/h, gusts 41 km/h" data-weather-code="2">' +
        '<span class="weather-icon" aria-hidden="true">⛅</span> ' +
        '<span class="weather-temperature">7 °C</span> ' +
        '<span class="weather-wind">24 km/h</span></span>',
    );
  });

  it('escapes a hostile weather text: no element or handler comes out of it', () => {
    const weatherText = '"><img src=x onerror="alert(1)"> & <script>alert(2)</script>';
    const html = forecastHtml({ ...hour, weatherText });
    expect(html).not.toMatch(/<img|<script/i);
    expect(html).toContain(
      '&quot;&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;script&gt;',
    );
    const body = parse(html);
    expect(body.querySelectorAll('img, script')).toHaveLength(0);
    expect(body.querySelector('.weather-forecast')?.getAttribute('title')).toBe(
      `${weatherText}, 7 °C, wind 24 km/h, gusts 41 km/h`,
    );
  });

  it('rounds below zero without a minus zero, and leaves out missing gusts', () => {
    const html = forecastHtml({ ...hour, airTemperature: -0.4, windGustKmh: null });
    expect(html).toContain('title="Partly cloudy, 0 °C, wind 24 km/h"');
    expect(forecastHtml({ ...hour, airTemperature: -3.6 })).toContain('>-4 °C<');
  });

  it.each([
    [0, '☀️'],
    [3, '☁️'],
    [45, '🌫️'],
    [53, '🌦️'],
    [63, '🌧️'],
    [73, '🌨️'],
    [81, '🌦️'],
    [85, '🌨️'],
    [95, '⛈️'],
    [null, '❔'],
  ])('gives WMO code %s the icon %s', (code, icon) => {
    expect(weatherIcon(code)).toBe(icon);
  });

  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe(
      '&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;',
    );
  });
});

import { weatherMessages, wmoWeatherTexts } from '../weather';

const compassTexts: Record<string, string> = {
  N: 'N',
  NNE: 'NNE',
  NE: 'NE',
  ENE: 'ENE',
  E: 'E',
  ESE: 'ESE',
  SE: 'SE',
  SSE: 'SSE',
  S: 'S',
  SSW: 'SSW',
  SW: 'SW',
  WSW: 'WSW',
  W: 'W',
  WNW: 'WNW',
  NW: 'NW',
  NNW: 'NNW',
};

/** Default (en-gb) texts of the weather forecast search. */
export const weatherTexts: Record<string, string> = {
  'ROUTES.WEATHER_SEARCH': 'Weather forecast',

  'WEATHER.HEADING': 'Weather forecast',
  'WEATHER.INTRO':
    'Find the forecast sites nearest to a postcode or to where you are, then choose one to see its hourly forecast.',

  'WEATHER.SEARCH.TITLE': 'Where?',
  'WEATHER.POSTCODE': 'Postcode',
  'WEATHER.POSTCODE_PLACEHOLDER': 'e.g. SW1A 1AA',
  'WEATHER.POSTCODE_REQUIRED': 'Enter a postcode.',
  'WEATHER.INVALID_POSTCODE': weatherMessages.invalidPostcode,
  'WEATHER.POSTCODE_FAILED': 'The postcode could not be looked up.',
  'WEATHER.FIND_SITES': 'Find sites',
  'WEATHER.OR': 'or',
  'WEATHER.USE_MY_LOCATION': 'Use my location',
  'WEATHER.LOCATING': 'Finding your location…',

  'WEATHER.GEO.DENIED.TITLE': 'Location not shared',
  'WEATHER.GEO.DENIED':
    'Your browser did not allow this page to use your location. Allow location access for this site in the browser’s settings, or search by postcode.',
  'WEATHER.GEO.UNAVAILABLE.TITLE': 'Location unavailable',
  'WEATHER.GEO.UNAVAILABLE':
    'Your location could not be determined at the moment. Try again in a moment, or search by postcode.',
  'WEATHER.GEO.TIMEOUT.TITLE': 'Location took too long',
  'WEATHER.GEO.TIMEOUT': 'Finding your location took too long. Try again, or search by postcode.',
  'WEATHER.GEO.UNSUPPORTED.TITLE': 'Location not supported',
  'WEATHER.GEO.UNSUPPORTED': 'This browser cannot share your location. Search by postcode instead.',

  'WEATHER.SITES.TITLE': 'Nearest forecast sites',
  'WEATHER.SITES.NEAR_POSTCODE': 'Near {{postcode}}',
  'WEATHER.SITES.NEAR_POSTCODE_DISTRICT': 'Near {{postcode}} (approximate: postcode district)',
  'WEATHER.SITES.NEAR_POSTCODE_AREA': 'Near {{postcode}} (approximate: postcode area)',
  'WEATHER.SITES.NEAR_DEVICE': 'Near your location',
  'WEATHER.SITES.NEAR_DEVICE_ACCURACY': 'Near your location (within about {{distance}})',
  'WEATHER.SITES.OFFLINE': 'Located from the built-in postcode table.',
  'WEATHER.SITES.LOADING': 'Finding the nearest sites…',
  'WEATHER.SITES.NONE': 'There are no forecast sites near this point.',
  'WEATHER.SITES.FAILED': 'The nearest sites could not be loaded.',
  'WEATHER.SITES.CHOOSE': 'Choose a site to see its forecast.',
  'WEATHER.DISTANCE_KM': '{{distance}} km',

  'WEATHER.FORECAST.LABEL': 'Forecast for {{site}}',
  'WEATHER.FORECAST.SITE': 'Site {{id}}',
  'WEATHER.FORECAST.LOADING': 'Loading the forecast…',
  'WEATHER.FORECAST.NOT_FOUND': weatherMessages.forecastNotFound,
  'WEATHER.FORECAST.FAILED': 'The forecast could not be loaded.',
  'WEATHER.FORECAST.EMPTY': 'The forecast has no hours to show.',
  'WEATHER.FORECAST.PROVIDER': 'Source: {{provider}}',
  'WEATHER.FORECAST.FETCHED': 'Updated {{time}}',
  'WEATHER.FORECAST.SIMULATED': 'Simulated forecast',
  'WEATHER.FORECAST.SIMULATED_HINT':
    'Made up for demonstrations and tests: not a real forecast. Do not plan work on it.',
  'WEATHER.FORECAST.STALE': 'May be out of date',
  'WEATHER.FORECAST.STALE_HINT': 'The last refresh failed; this is the latest forecast we have.',
  'WEATHER.RETRY': 'Try again',

  'WEATHER.PROVIDER.open-meteo': 'Open-Meteo',
  'WEATHER.PROVIDER.met-office': 'Met Office',
  'WEATHER.PROVIDER.openweathermap': 'OpenWeatherMap',
  'WEATHER.PROVIDER.simulated': 'Simulated (offline)',

  'WEATHER.CHART.LABEL': 'Temperature, wind and chance of rain',
  'WEATHER.CHART.TEMPERATURE': 'Temperature (°C, left)',
  'WEATHER.CHART.WIND': 'Wind (km/h, right)',
  'WEATHER.CHART.RAIN': 'Chance of rain',
  'WEATHER.CHART.LEFT_AXIS': '°C',
  'WEATHER.CHART.RIGHT_AXIS': 'km/h',

  'WEATHER.TABLE.CAPTION': 'Hourly forecast',
  'WEATHER.TABLE.TIME': 'Time',
  'WEATHER.TABLE.WEATHER': 'Weather',
  'WEATHER.TABLE.TEMPERATURE': 'Temp. °C',
  'WEATHER.TABLE.WIND': 'Wind km/h',
  'WEATHER.TABLE.GUST': 'Gust km/h',
  'WEATHER.TABLE.DIRECTION': 'From',
  'WEATHER.TABLE.CLOUD': 'Cloud %',
  'WEATHER.TABLE.RAIN_CHANCE': 'Rain %',
  'WEATHER.TABLE.RAIN_MM': 'Rain mm',
  'WEATHER.TABLE.NONE': '–',
  'WEATHER.TABLE.SHOW_ALL': 'Show all {{count}} days',
  'WEATHER.TABLE.SHOW_FEWER': 'Show the first {{count}} days only',
  'WEATHER.DIRECTION_FROM': 'From {{direction}} ({{degrees}}°)',

  ...Object.fromEntries(
    Object.entries(wmoWeatherTexts).map(([code, text]) => [`WEATHER.CODE.${code}`, text]),
  ),
  ...Object.fromEntries(
    Object.entries(compassTexts).map(([point, text]) => [`WEATHER.COMPASS.${point}`, text]),
  ),
};

/** The places module's door: what other parts of the server may use. */
export { greatCircleKm } from './great-circle';
export { InvalidGridReference, gridReferenceToLatLon } from './grid-reference';
export { parseOutcodeCsv, storeOutcodeCentroids } from './import-outcodes';
export {
  buildSiteIndex,
  forgetSites,
  nearestInIndex,
  nearestSites,
  siteIndex,
} from './nearest-sites';
export type { SiteIndex } from './nearest-sites';
export { parsePostcode, resolvePostcode } from './postcodes';
export type { OutcodeCentroid } from './repositories/postcode-outcodes';
export { tileImageSource } from './routes/map';

/** The earth's radius the weather screens measure with (spec), km. */
export const earthRadiusKm = 6371.01;

const toRadians = Math.PI / 180;

/**
 * Great-circle distance in km between two points in degrees, by the haversine formula (well
 * conditioned for short distances, unlike the spherical law of cosines).
 *
 * @example greatCircleKm(51.5074, -0.1278, 55.9533, -3.1883) // 533.65 (London to Edinburgh)
 */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * toRadians;
  const dLon = (lon2 - lon1) * toRadians;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(lat1 * toRadians) * Math.cos(lat2 * toRadians) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

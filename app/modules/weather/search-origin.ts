import type { Geolocation } from '#metadata';
import type { DevicePoint } from './use-device-location';

/** The point the nearest sites are measured from, and where it came from. */
export type SearchOrigin =
  { kind: 'postcode'; location: Geolocation } | { kind: 'device'; point: DevicePoint };

export function originPoint(origin: SearchOrigin): { latitude: number; longitude: number } {
  return origin.kind === 'postcode' ? origin.location : origin.point;
}

/**
 * Distances for local exchanges (deals.md "Location and privacy", overview §9).
 * Pure: haversine distance, the mobility bands, the badge, the bounding box
 * used by the indexed search, and the stable privacy offset.
 */

export const MOBILITY_MODES = ["walk", "bike", "car"] as const;
export type Mobility = (typeof MOBILITY_MODES)[number];

/** Maximum distance per mobility mode: walk 0-2 km, bike 2-10 km, car 10-30 km. */
export const MOBILITY_MAX_KM: Record<Mobility, number> = { walk: 2, bike: 10, car: 30 };

export const PROXIMITY_BADGES = ["Muy cercano", "Cercano", "En ciudad"] as const;
export type ProximityBadge = (typeof PROXIMITY_BADGES)[number];

/** Bogotá, the client's default when the browser gives no location ('Ubicación no disponible'). */
export const DEFAULT_LOCATION = { lat: 4.710989, lng: -74.07209 } as const;

/** The stored point is the chosen point moved once by up to this many metres. */
export const PRIVACY_OFFSET_MAX_M = 500;

const EARTH_RADIUS_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances are shown rounded to 0.1 km. */
export const roundKm = (km: number): number => Math.round(km * 10) / 10;

export function proximityBadge(km: number): ProximityBadge | null {
  if (km <= MOBILITY_MAX_KM.walk) return "Muy cercano";
  if (km <= MOBILITY_MAX_KM.bike) return "Cercano";
  if (km <= MOBILITY_MAX_KM.car) return "En ciudad";
  return null;
}

/** A box around `p` that contains every point within `km` (the index narrows to it; haversine decides). */
export function boundingBox(p: LatLng, km: number) {
  const dLat = km / 111.0;
  const cos = Math.max(0.01, Math.cos(rad(p.lat)));
  const dLng = km / (111.32 * cos);
  return { minLat: p.lat - dLat, maxLat: p.lat + dLat, minLng: p.lng - dLng, maxLng: p.lng + dLng };
}

/** Moves `p` `meters` towards `bearingDeg` (0 = north). */
export function offsetPoint(p: LatLng, meters: number, bearingDeg: number): LatLng {
  const dLat = (meters * Math.cos(rad(bearingDeg))) / 111_000;
  const dLng = (meters * Math.sin(rad(bearingDeg))) / (111_320 * Math.max(0.01, Math.cos(rad(p.lat))));
  return { lat: p.lat + dLat, lng: p.lng + dLng };
}

/**
 * The stored (public) point from the chosen one and two random numbers in
 * [0, 1) drawn once when the asset is placed: up to 500 m in a random
 * direction, uniform over the disc. Drawn once and stored, so repeated reads
 * never average back to the exact point.
 */
export function privatePoint(p: LatLng, u1: number, u2: number): LatLng {
  return offsetPoint(p, PRIVACY_OFFSET_MAX_M * Math.sqrt(u1), 360 * u2);
}

export const isInColombiaBox = (p: LatLng): boolean => p.lat >= -4.3 && p.lat <= 13.5 && p.lng >= -82 && p.lng <= -66.8;

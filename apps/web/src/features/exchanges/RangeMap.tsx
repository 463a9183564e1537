import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";

/**
 * The map of /intercambios-locales (Leaflet, loaded only on this page). It needs no tile server:
 * it draws the search point and the three proximity bands (2, 10 and 30 km) on a plain background,
 * because answers carry only rounded distances, never where an asset is (ADR 013).
 */
export default function RangeMap({ center, maxKm }: { center: { lat: number; lng: number }; maxKm: number }) {
  const box = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const map = L.map(box.current, { attributionControl: false, zoomControl: true, scrollWheelZoom: false });
    const bands: [number, string][] = [
      [30, "#a7f3d0"],
      [10, "#6ee7b7"],
      [2, "#10b981"],
    ];
    for (const [km, color] of bands) {
      L.circle([center.lat, center.lng], {
        radius: km * 1000,
        color,
        weight: km === maxKm ? 3 : 1,
        fillOpacity: km <= maxKm ? 0.15 : 0.03,
      }).addTo(map);
    }
    L.circleMarker([center.lat, center.lng], { radius: 6, color: "#065f46", fillOpacity: 1 }).addTo(map);
    // The view: the square around the search point that holds the mobility's range.
    map.fitBounds(L.latLng(center.lat, center.lng).toBounds(maxKm * 2000), { animate: false });
    return () => {
      map.remove();
    };
  }, [center.lat, center.lng, maxKm]);
  return (
    // A region (a labelled section), not an image: Leaflet puts its zoom buttons and keyboard panning
    // inside it, and an image may not hold controls (axe nested-interactive).
    <section
      ref={box}
      aria-label={`Mapa: tu punto de búsqueda y un radio de ${maxKm} km`}
      className="h-64 w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-50"
    />
  );
}

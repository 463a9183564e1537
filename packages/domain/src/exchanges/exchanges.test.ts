import { describe, expect, it } from "vitest";
import { validateProcess } from "../deals/process.ts";
import { boundingBox, distanceKm, offsetPoint, privatePoint, proximityBadge, roundKm } from "./geo.ts";
import {
  EXCHANGE_EFFECTS,
  EXCHANGE_GUARDS,
  EXCHANGE_LOCAL_EXPIRY_MS,
  EXCHANGE_PROCESS,
  LOCAL_EXCHANGE_PROCESS,
} from "./process.ts";

const names = { guards: [...EXCHANGE_GUARDS], effects: [...EXCHANGE_EFFECTS] };

describe("exchange processes", () => {
  it("are sound: every waiting state has a timer, every name is implemented, every state reachable", () => {
    expect(validateProcess(EXCHANGE_PROCESS, names)).toEqual([]);
    expect(validateProcess(LOCAL_EXCHANGE_PROCESS, names)).toEqual([]);
    expect(LOCAL_EXCHANGE_PROCESS.states.pendiente.timers[0].afterMs).toBe(EXCHANGE_LOCAL_EXPIRY_MS);
    expect(EXCHANGE_LOCAL_EXPIRY_MS).toBe(24 * 3600 * 1000);
  });
  it("closes the other proposals before any ledger movement on accept (lock order, ADR 013)", () => {
    const fx = EXCHANGE_PROCESS.transitions.aceptar.effects;
    expect(fx.indexOf("cerrarOtrasPropuestas")).toBeLessThan(fx.indexOf("intercambiarActivos"));
  });
});

describe("geo", () => {
  const p = { lat: 4.710989, lng: -74.07209 };
  it("bands: up to 2 km 'Muy cercano', 10 km 'Cercano', 30 km 'En ciudad', farther none", () => {
    expect(proximityBadge(0.3)).toBe("Muy cercano");
    expect(proximityBadge(2)).toBe("Muy cercano");
    expect(proximityBadge(2.1)).toBe("Cercano");
    expect(proximityBadge(10)).toBe("Cercano");
    expect(proximityBadge(29.9)).toBe("En ciudad");
    expect(proximityBadge(30.5)).toBeNull();
    expect(roundKm(3.14)).toBe(3.1);
    expect(roundKm(2.96)).toBe(3);
  });
  it("offsets move the stated distance, the private point at most 500 m, and the box holds the circle", () => {
    expect(distanceKm(p, offsetPoint(p, 5000, 90))).toBeCloseTo(5, 1);
    for (const [u1, u2] of [
      [0.999, 0.1],
      [0.5, 0.5],
      [0.01, 0.9],
    ] as const) {
      expect(distanceKm(p, privatePoint(p, u1, u2))).toBeLessThanOrEqual(0.501);
    }
    const box = boundingBox(p, 30);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const q = offsetPoint(p, 29_900, bearing);
      expect(q.lat >= box.minLat && q.lat <= box.maxLat && q.lng >= box.minLng && q.lng <= box.maxLng).toBe(true);
    }
  });
});

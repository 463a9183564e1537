/** A figure as the exchange pages show it, es-CO ("12.500"; like toLocaleString, four digits stay "1500"). */
export const fmt = (n: number) => n.toLocaleString("es-CO");

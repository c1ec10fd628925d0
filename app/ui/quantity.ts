// The rule of the quantity stepper, kept apart from its React part.

/** n held within min..max, a whole number; min for anything not a number. */
export function clampQuantity(n: number, min: number, max: number): number {
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

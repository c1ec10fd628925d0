// The typed signature's canvas and how its text is sized to fit it
// (typed-signature.tsx draws it).

/** The typed signature's canvas (px): the drawn box's proportions. */
export const typedSize = { width: 600, height: 180, padding: 24 };
/** The longest typed signature. */
export const typedMax = 30;

/**
 * The font size (px) at which text measured textWidth px wide at 100 px
 * fits the canvas inside its padding: at most 60% of the height.
 */
export function fittedFontSize(textWidth: number): number {
  const { width, height, padding } = typedSize;
  const byHeight = Math.floor(height * 0.6);
  if (textWidth <= 0) return byHeight;
  return Math.max(12, Math.min(byHeight, Math.floor((100 * (width - 2 * padding)) / textWidth)));
}

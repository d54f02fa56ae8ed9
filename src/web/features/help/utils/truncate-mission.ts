import { MISSION_PREVIEW_LENGTH } from '../../../../shared/help.js';

const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Spec section 3: the mission cut to 400 characters, with an ellipsis when anything was cut. Cut
 * by characters as a reader sees them, so an accent or an emoji (flags and families included) is
 * never split in half.
 */
export function truncateMission(mission: string): string {
  const text = mission.trim();
  const characters = Array.from(GRAPHEMES.segment(text), ({ segment }) => segment);
  if (characters.length <= MISSION_PREVIEW_LENGTH) return text;
  return `${characters.slice(0, MISSION_PREVIEW_LENGTH).join('').trimEnd()}…`;
}

/** Cards drawn in SVG (no image files, no licences to track) and their spoken names. */
import { cardName, type CardName } from '@olsen/engine';
import type { Lang } from './i18n.js';

const SYMBOL: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const RANK_LABEL: Record<string, string> = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };

export const suitSymbol = (s: string): string => SYMBOL[s] ?? '?';
export const rankLabel = (r: string): string => RANK_LABEL[r] ?? r;

/** "hjerter ni" / "nine of hearts". */
export const spoken = (card: string, lang: Lang): string => cardName(card as CardName, lang);

export function CardFace({ card, small = false }: { card: string; small?: boolean }) {
  const rank = rankLabel(card[0]);
  const suit = card[1];
  return (
    <svg class={`card-face suit-${suit}${small ? ' small' : ''}`} viewBox="0 0 60 84" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="58" height="82" rx="6" class="card-bg" />
      <text x="6" y="20" class="idx">{rank}</text>
      <text x="6" y="34" class="idx-suit">{SYMBOL[suit]}</text>
      <text x="30" y="58" class="pip" text-anchor="middle">{SYMBOL[suit]}</text>
    </svg>
  );
}

export function CardBack({ small = false }: { small?: boolean }) {
  return (
    <svg class={`card-back${small ? ' small' : ''}`} viewBox="0 0 60 84" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="58" height="82" rx="6" />
      <rect x="7" y="7" width="46" height="70" rx="3" class="inner" />
    </svg>
  );
}

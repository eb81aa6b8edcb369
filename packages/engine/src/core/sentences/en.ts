/**
 * Every rule error's sentence in English, by code (also the developers' sentence, cards in notation, when `l` is 'dev').
 * One module per language: a page or a worker loads only the languages it speaks; the engine itself needs English.
 */
import { rankOf } from '../card.js';
import { SUIT_NAMES, SUIT_SINGULAR, RANK_ARTICLE, TITLES } from '../words.js';
import { who, vb, c, C, sentencesHandle, type ErrorSentences, type Sentences } from '../sentence.js';

/** The sentence of each option relation (options.ts), by `option+other`: why a set of house rules cannot be played. */
export const HOUSE_RULES: Readonly<Record<string, string>> = {
  'specialCards+svenskevri':
    'Special cards and svenskevri both give the ace a meaning: choose one.',
  'specialCards+aceDraws':
    'Special cards and "an ace makes the next player draw" both give the ace a meaning: choose one.',
  'svenskevri+aceDraws':
    'Svenskevri and "an ace makes the next player draw" both give the ace a meaning: choose one.',
  'stackTwos+specialCards':
    'Stacking twos needs special cards (a 2 makes the next player draw two).',
  'targetScore+scoring':
    'A target score only makes sense when the game is scored with points.',
  'pointLimit+deals':
    'Play either to a point limit or for a number of deals, not both.',
};

export const EN: Sentences = {
  /** S2, H1: a player count the game does not take. */
  playerCount: (p) => `${TITLES[p.game].en} is for ${p.min} to ${p.max} players, not ${p.count}.`,
  /** S2, S-V14: Olsen at five or six players needs two decks. */
  twoDecks: (p) => `Olsen is for 2 to 4 players; with ${p.count} you need two decks (decks: 2).`,
  /** A house rule the game does not have (`other`: its name as given). */
  unknownRule: (p) => p.game === 'olsen-dk' ? `Unknown house rule '${p.other}' for Danish Olsen.` : `Unknown house rule '${p.other}'.`,
  /** A house rule given a value it does not take (`other`: its name). */
  badRuleValue: (p) => `The house rule '${p.other}' must be ${p.describe} (got ${p.got}).`,
  /** House rules that cannot be played together (options.ts); `other` names the relation. */
  houseRules: (p) => HOUSE_RULES[p.other] ?? '',
  /** S7: someone acted out of turn. */
  notYourTurn: (p) => `It is ${p.other}'s turn, not ${p.you ? 'yours' : `${p.player}'s`}.`,
  /** S8: a card the player does not hold. */
  notInHand: (p, l) => `${who(p, l)} ${vb(p, 'does', 'do')} not hold ${c(p.card, l)}.`,
  /** S8: the card matches neither suit nor rank. */
  mustMatch: (p, l) =>
    rankOf(p.top) === 6
      ? `${who(p, l)} cannot play ${c(p.card, l)}: it must be ${SUIT_SINGULAR.en[p.active]} (the suit named with the eight) or an eight.`
      : `${who(p, l)} cannot play ${c(p.card, l)}: it must be ${SUIT_SINGULAR.en[p.active]} (the suit in play), ${RANK_ARTICLE.en[rankOf(p.top)]} (the rank on top) or an eight.`,
  /** S13: the drawn card fits and must be played at once. */
  mustPlayDrawn: (p, l) => `${who(p, l)} drew ${c(p.card, l)}, which fits: it must be played now.`,
  /** S14: after a voluntary draw only the drawn card may be played. */
  voluntaryDrawOnly: (p) => `After drawing by choice ${p.you ? 'you' : p.player} may only play the card drawn, or pass.`,
  /** S14 (decision): after a forced draw only the drawn card may be played, even a hand card the draw made legal. */
  onlyDrawnCard: (p, l) => `After drawing because nothing fitted ${p.you ? 'you' : p.player} may play only the card drawn, not ${c(p.card, l)}: draw again, or pass when no draw is left.`,
  /** S-V6: no eight and no same-rank suit change on a first turn. */
  firstTurnNoTwist: (p) => `No twist on the first turn: ${p.you ? 'you' : p.player} must follow ${SUIT_NAMES.en[p.active]} with a card of that suit (no eight, no change of suit).`,
  /** S-V11: an eight on an eight. */
  noEightOnEight: () => 'An eight may not be played on an eight at this table.',
  /** S-V12: an eight as the last card. */
  noWinOnEight: (p, l) => `${who(p, l)} cannot go out on an eight at this table.`,
  /** S10: an eight needs a named suit. */
  nameSuit: () => 'Name the suit that follows when you play an eight.',
  /** S10: only an eight names a suit. */
  onlyEightNamesSuit: () => 'Only an eight names a suit: leave the suit out.',
  /** S8/S-V4/S-V5: several cards without the house rule. */
  oneCardOnly: () => 'Only one card per turn here (laying several at once is a house rule that is off).',
  /** S-V4/S-V5: the cards of one move do not belong together. */
  groupMismatch: (p, l) => `${C(p.card, l)} does not go with the cards laid with it: together they must share one rank${p.count ? ' or one suit (no eights)' : ''}.`,
  /** S14: the draw limit is reached. */
  drawLimit: (p, l) => `${who(p, l)} ${vb(p, 'has', 'have')} drawn ${p.count} card${p.count === 1 ? '' : 's'} this turn, the most allowed: pass.`,
  /** S17: nothing to draw. */
  cannotDraw: () => 'There is no card to draw: the stock is empty and the discard pile holds only its top card.',
  /** S14: passing before the draws are done. */
  passNotAllowed: (p, l) => `${who(p, l)} may not pass yet: play a card or draw.`,
  /** S14: passing with nothing that fits and draws left: draw (count: draws left, 0 = no limit). */
  drawFirst: (p, l) =>
    p.count > 0
      ? `${who(p, l)} may not pass yet: nothing fits, so draw (up to ${p.count} more).`
      : `${who(p, l)} may not pass: nothing fits, so draw until a card does.`,
  /** S-V8: a stacked draw-two must be answered. */
  pendingTwos: (p, l) => `${who(p, l)} must answer the draw-two with a 2 or draw ${p.count} cards.`,
  /** S18: a call when the player does not have one card left after a play. */
  noCallNeeded: (p, l) => `${who(p, l)} can only call right after a play that leaves one card.`,
  /** S20: the target made the call. */
  catchCalled: (p) => `${p.other} cannot be caught: ${p.other} made the call.`,
  /** S20: the target has not exactly one card. */
  catchNotOneCard: (p) => `${p.other} cannot be caught: ${p.other} has ${p.count} card${p.count === 1 ? '' : 's'}, not one.`,
  /** S20: the next player has acted since: the chance is gone. */
  catchTooLate: (p) => `Too late to catch ${p.other}: the next player has already acted.`,
  /** S19: no penalty in this game. */
  noCatchInGame: () => 'Forgetting the call costs nothing in this game: there is nothing to catch.',
  /** S20: catching oneself. */
  catchSelf: (p, l) => `${who(p, l)} cannot catch ${p.you ? 'yourself' : 'themselves'}.`,
  /** S21: the round has ended. */
  roundOver: () => 'The round is over: no more actions until the next deal.',
  /** S22/S24: the game has ended. */
  gameOver: () => 'The game is over.',
  /** S5/S16: a shuffle was needed and the deal has no seed. */
  needSeed: () => "The cards must be shuffled here, but this record's deal has no seed to shuffle with.",
  /** S-V15: the dealer must name the suit of the turned eight first. */
  dealerNames: (p) => `${p.other} dealt and must first name the suit for the turned eight.`,
  /** S-V15: naming a suit when no turned eight waits for it. */
  noSuitToName: () => 'A suit is named only with an eight.',
  /** S13: must play the drawn card before anything else. */
  finishMove: (p) => `${p.player} must finish the move first.`,
  /** H4: the hand opens with 2c (3c when 2c is out). */
  firstLead: (p, l) => `The first trick is opened with ${c(p.card, l)}.`,
  /** H5: follow the led suit. */
  mustFollow: (p, l) => `${who(p, l)} must follow ${SUIT_NAMES.en[p.active]} and ${vb(p, 'holds', 'hold')} some.`,
  /** H6: hearts may not be led before they are broken. */
  heartsNotBroken: () => 'Hearts may not be led until a heart has been discarded on another suit.',
  /** H7: no penalty card on the first trick. */
  noPenaltyFirstTrick: (p) => `No heart and no queen of spades on the first trick while ${p.you ? 'you hold' : `${p.player} holds`} another card.`,
  /** H3: the pass comes first. */
  passFirst: () => 'Every player passes three cards before the first trick.',
  /** H3: three different cards from the hand. */
  passThree: (p, l) => `${who(p, l)} must pass exactly three different cards from the hand.`,
  /** H3: one pass per player. */
  alreadyPassed: (p, l) => `${who(p, l)} ${vb(p, 'has', 'have')} already passed three cards.`,
  /** H3: no pass in this hand. */
  noPassNow: () => 'There is no pass now.',
  /** H9: a seat outside the tie-break hand. */
  notDealtIn: (p, l) => `${who(p, l)} ${vb(p, 'is', 'are')} not in this hand.`,
};

/** The error sentences in English, as the public API hands them out (`localizeErrorWith`). */
export const sentencesEn: ErrorSentences = /* @__PURE__ */ sentencesHandle(EN);

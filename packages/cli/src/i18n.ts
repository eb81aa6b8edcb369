/** Terminal texts in Norwegian bokmål (default) and English. */
import { SUIT_NAMES, type Lang } from '@olsen/engine';

const SYMBOLS = ['♣', '♦', '♥', '♠'];
/** English verb agreement: "You play", "Kari plays". */
const v = (name: string, verb: string): string => (name === 'You' ? verb : `${verb}s`);
export const suitSymbol = (s: number): string => SYMBOLS[s];

export const TEXT = {
  nb: {
    title: (game: string) => `${game} — la oss spille!`,
    round: (n: number, dealer: string) => `Runde ${n}. ${dealer} gir.`,
    top: (card: string, suit: string) => `Øverst: ${card}  (${suit} gjelder)`,
    stock: (n: number) => `Trekkbunke: ${n} kort`,
    others: 'Motspillere',
    cards: (n: number) => `${n} kort`,
    yourHand: 'Din hånd',
    yourTurn: 'Din tur. Velg et nummer eller skriv et trekk (f.eks. Kc, 8d>h, trekk, pass; ? gir et hint):',
    hint: 'Hint',
    turnOf: (name: string) => `${name} sin tur.`,
    played: (name: string, cards: string, suit: string | null) => `${name} legger ${cards}${suit ? ` og sier ${suit}` : ''}.`,
    drew: (name: string) => `${name} trekker et kort.`,
    youDrew: (card: string) => `Du trakk ${card}.`,
    passed: (name: string) => `${name} sier pass.`,
    called: (name: string, word: string) => `${name} sier «${word}»!`,
    caught: (by: string, who: string, n: number) => `${by} banker i bordet! ${who} glemte ropet og trekker ${n} kort.`,
    named: (name: string, suit: string) => `${name} velger ${suit} for åtteren.`,
    refused: 'Det går ikke',
    draw: 'trekk',
    pass: 'pass',
    call: (word: string) => `si «${word}»`,
    name: (suit: string) => `velg ${suit}`,
    roundOver: 'Runden er over.',
    place: (name: string, place: number, cards: number) => `${place}. ${name} (${cards} kort igjen)`,
    points: (name: string, pts: number, total: number) => `${name}: ${pts} poeng, totalt ${total}`,
    winner: (names: string) => `Vinner: ${names}!`,
    final: 'Sluttstilling:',
    group: (first: string, others: string) => `flere kort: ${first} + noen av ${others} (skriv f.eks. 9h+9s; det siste kortet blir liggende øverst)`,
    standing: (place: number, name: string, total: number) => `${place}. ${name} — ${total} poeng`,
    blocked: 'Ingen kan legge eller trekke: runden er låst.',
    pressEnter: 'Trykk Enter for neste runde.',
    bye: 'Takk for spillet!',
    you: 'Du',
  },
  en: {
    title: (game: string) => `${game} — let's play!`,
    round: (n: number, dealer: string) => `Round ${n}. ${dealer} deals.`,
    top: (card: string, suit: string) => `On top: ${card}  (${suit} in play)`,
    stock: (n: number) => `Stock: ${n} cards`,
    others: 'Opponents',
    cards: (n: number) => `${n} card${n === 1 ? '' : 's'}`,
    yourHand: 'Your hand',
    yourTurn: 'Your turn. Pick a number or type a move (e.g. Kc, 8d>h, draw, pass; ? for a hint):',
    hint: 'Hint',
    turnOf: (name: string) => `${name} to play.`,
    played: (name: string, cards: string, suit: string | null) => `${name} ${v(name, 'play')} ${cards}${suit ? ` and ${v(name, 'name')} ${suit}` : ''}.`,
    drew: (name: string) => `${name} ${v(name, 'draw')} a card.`,
    youDrew: (card: string) => `You drew ${card}.`,
    passed: (name: string) => `${name} ${name === 'You' ? 'pass' : 'passes'}.`,
    called: (name: string, word: string) => `${name} ${v(name, 'call')} "${word}"!`,
    caught: (by: string, who: string, n: number) => `${by} ${v(by, 'bang')} the table! ${who} forgot the call and ${v(who, 'draw')} ${n} cards.`,
    named: (name: string, suit: string) => `${name} ${v(name, 'name')} ${suit} for the turned eight.`,
    refused: 'Not allowed',
    draw: 'draw',
    pass: 'pass',
    call: (word: string) => `call "${word}"`,
    name: (suit: string) => `name ${suit}`,
    roundOver: 'The round is over.',
    place: (name: string, place: number, cards: number) => `${place}. ${name} (${cards} card${cards === 1 ? '' : 's'} left)`,
    points: (name: string, pts: number, total: number) => `${name}: ${pts} points, total ${total}`,
    winner: (names: string) => `Winner: ${names}!`,
    final: 'Final standings:',
    group: (first: string, others: string) => `several cards: ${first} + any of ${others} (type e.g. 9h+9s; the last card stays on top)`,
    standing: (place: number, name: string, total: number) => `${place}. ${name} — ${total} points`,
    blocked: 'Nobody can play or draw: the round is blocked.',
    pressEnter: 'Press Enter for the next round.',
    bye: 'Thanks for playing!',
    you: 'You',
  },
} as const;

export type Texts = (typeof TEXT)['nb'] | (typeof TEXT)['en'];
export const textsFor = (lang: Lang): Texts => TEXT[lang];
export const suitName = (s: number, lang: Lang): string => SUIT_NAMES[lang][s];

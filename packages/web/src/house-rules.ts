/** One line per house rule, for the create-table form (the values come from the engine's option table). */
import type { Lang } from './i18n.js';

type Line = Record<Lang, string>;

export const HOUSE_RULE_TEXT: Record<string, Line> = {
  maxDraws: { nb: 'Hvor mange kort du kan trekke når du står fast.', en: 'How many cards you may draw when stuck.' },
  drawnCardMustBePlayed: { nb: 'Et kort du trekker og kan legge, må legges med én gang.', en: 'A drawn card that fits must be played at once.' },
  forgottenCallPenalty: { nb: 'Straffekort for å glemme å si fra når du har ett kort igjen.', en: 'Penalty cards for forgetting the last-card call.' },
  scoring: { nb: 'Plassering per runde, eller poeng for kortene du sitter igjen med.', en: 'Places per round, or points for the cards left in your hand.' },
  targetScore: { nb: 'Spillet slutter når noen får mer enn denne poengsummen.', en: 'The game ends when someone passes this score.' },
  multiSameRank: { nb: 'Legg flere kort av samme verdi på én gang.', en: 'Play several cards of one rank at once.' },
  multiSameSuit: { nb: 'Legg flere kort i sorten i spill på én gang.', en: 'Play several cards of the suit in play at once.' },
  noTwistFirstTurn: { nb: 'Ingen vri (åtter) i første tur: for den som starter, eller for alle.', en: 'No twist (eight) on the first turn: for the starter, or for everyone.' },
  specialCards: { nb: 'Toer: neste trekker to. Dame: neste står over. Ess: retningen snur.', en: 'Two: the next player draws two. Queen: skip. Ace: reverse.' },
  stackTwos: { nb: 'Svar på en toer med en toer: neste trekker fire, og så videre.', en: 'Answer a two with a two: the next player draws four, and so on.' },
  svenskevri: { nb: 'Svenskevri: et ess gjør at alle andre trekker ett kort.', en: 'Svenskevri: an ace makes every other player draw one.' },
  aceDraws: { nb: 'Et ess gjør at neste trekker så mange kort (0 = av).', en: 'An ace makes the next player draw this many cards (0 = off).' },
  noEightOnEight: { nb: 'En åtter kan ikke legges på en åtter.', en: 'An eight may not be played on an eight.' },
  noWinOnEight: { nb: 'Du kan ikke gå ut på en åtter.', en: 'An eight may not be your last card.' },
  handSize: { nb: 'Kort på hånden i starten.', en: 'Cards dealt to each player.' },
  twoPlayerHandSize: { nb: 'Kort på hånden når dere bare er to.', en: 'Cards dealt when only two play.' },
  starterExtraCard: { nb: 'Den som starter får ett kort ekstra.', en: 'The starting player gets one extra card.' },
  dealerExtraCard: { nb: 'Den som gir får ett kort ekstra.', en: 'The dealer gets one extra card.' },
  decks: { nb: 'Én eller to kortstokker (to trengs fra fem spillere).', en: 'One or two decks (two from five players).' },
  starterEight: { nb: 'Snus en åtter: stokk den inn igjen, eller giveren sier sort.', en: 'If an eight is turned up: shuffle it back, or the dealer names a suit.' },
  playOutForPlaces: { nb: 'De andre spiller videre om plassene når noen har gått ut.', en: 'The others play on for the places once someone is out.' },
  pass: { nb: 'Gi tre kort før hver runde: aldri, alltid til venstre, eller på rundgang.', en: 'Pass three cards before each hand: never, always left, or in rotation.' },
  penaltyOnFirstTrick: { nb: 'Hjerter og spar dame kan kastes i første stikk.', en: 'Hearts and the queen of spades may be discarded on the first trick.' },
  jackOfDiamonds: { nb: 'Ruter knekt gir minus ti poeng til den som tar den.', en: 'The jack of diamonds is worth minus ten to whoever takes it.' },
  pointLimit: { nb: 'Spillet slutter når noen når denne poengsummen.', en: 'The game ends when someone reaches this total.' },
  deals: { nb: 'Eller: et fast antall runder.', en: 'Or: a fixed number of hands.' },
};

/** The words for an option's values, per language (the engine's values are identifiers, not words). */
export const VALUE_TEXT: Record<string, Record<Lang, string>> = {
  true: { nb: 'ja', en: 'yes' },
  false: { nb: 'nei', en: 'no' },
  null: { nb: 'som ellers', en: 'as otherwise' },
  reshuffle: { nb: 'stokkes inn igjen', en: 'shuffled back' },
  dealerChooses: { nb: 'giveren velger sort', en: 'the dealer names a suit' },
  unlimited: { nb: 'til det passer', en: 'until one fits' },
  ranking: { nb: 'plasser', en: 'places' },
  points: { nb: 'poeng', en: 'points' },
  off: { nb: 'av', en: 'off' },
  starter: { nb: 'den som starter', en: 'the starting player' },
  everyone: { nb: 'alle', en: 'everyone' },
  none: { nb: 'ingen', en: 'none' },
  left: { nb: 'til venstre', en: 'to the left' },
  rotating: { nb: 'på rundgang', en: 'in rotation' },
};

/** An option value in words (numbers as they are). */
export const valueText = (v: unknown, lang: Lang): string => VALUE_TEXT[String(v)]?.[lang] ?? String(v);

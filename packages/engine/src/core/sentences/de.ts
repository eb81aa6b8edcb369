/**
 * Every rule error's sentence in German, by code.
 * One module per language: a page or a worker loads only the languages it speaks; the engine itself needs English.
 */
import { rankOf } from '../card.js';
import { SUIT_NAMES, SUIT_SINGULAR, RANK_ARTICLE, TITLES } from '../words.js';
import { who, vb, c, C, n, sentencesHandle, type ErrorSentences, orList, type Sentences } from '../sentence.js';

/** The sentence of each option relation (options.ts), by `option+other`: why a set of house rules cannot be played. */
const HOUSE_RULES: Readonly<Record<string, string>> = {
  'specialCards+svenskevri':
    'Sonderkarten und Svenskevri geben beide dem Ass eine Bedeutung: wähle eins davon.',
  'specialCards+aceDraws':
    'Sonderkarten und „ein Ass lässt den nächsten Spieler ziehen“ geben beide dem Ass eine Bedeutung: wähle eins davon.',
  'svenskevri+aceDraws':
    'Svenskevri und „ein Ass lässt den nächsten Spieler ziehen“ geben beide dem Ass eine Bedeutung: wähle eins davon.',
  'stackTwos+specialCards':
    'Zweien stapeln geht nur mit Sonderkarten (eine 2 lässt den nächsten Spieler zwei Karten ziehen).',
  'targetScore+scoring':
    'Ein Punkteziel ergibt nur Sinn, wenn das Spiel mit Punkten gezählt wird.',
  'pointLimit+deals':
    'Spielt entweder bis zu einer Punktgrenze oder eine Anzahl Runden, nicht beides.',
};

export const DE: Sentences = {
  playerCount: (p) => `${TITLES[p.game].de} ist für ${p.min} bis ${p.max} Spieler, nicht ${p.count}.`,
  twoDecks: (p) => `Olsen ist für 2 bis 4 Spieler; mit ${p.count} braucht ihr zwei Kartenspiele (decks: 2).`,
  unknownRule: (p) => p.game === 'olsen-dk' ? `Unbekannte Hausregel '${p.other}' für dänisches Olsen.` : `Unbekannte Hausregel '${p.other}'.`,
  badRuleValue: (p) => `Die Hausregel '${p.other}' muss ${p.choices ? orList(p.choices, 'oder') : `eine ganze Zahl von ${p.min} bis ${p.max}`} sein (nicht ${p.got}).`,
  houseRules: (p) => HOUSE_RULES[p.other] ?? '',
  notYourTurn: (p) => `${p.other} ist am Zug, nicht ${p.you ? 'du' : p.player}.`,
  notInHand: (p) => `${who(p, 'de')} ${vb(p, 'hat', 'hast')} ${c(p.card, 'de')} nicht auf der Hand.`,
  mustMatch: (p) =>
    rankOf(p.top) === 6
      ? `${who(p, 'de')} ${vb(p, 'kann', 'kannst')} ${c(p.card, 'de')} nicht legen: es muss ${SUIT_SINGULAR.de[p.active]} sein (die mit der Acht gewünschte Farbe) oder eine Acht.`
      : `${who(p, 'de')} ${vb(p, 'kann', 'kannst')} ${c(p.card, 'de')} nicht legen: es muss ${SUIT_SINGULAR.de[p.active]} sein (die geltende Farbe), ${RANK_ARTICLE.de[rankOf(p.top)]} (der Wert oben) oder eine Acht.`,
  mustPlayDrawn: (p) => `${who(p, 'de')} ${vb(p, 'hat', 'hast')} ${c(p.card, 'de')} gezogen, und sie passt: sie muss jetzt gelegt werden.`,
  voluntaryDrawOnly: (p) => `Nach freiwilligem Ziehen ${p.you ? 'darfst du' : `darf ${p.player}`} nur die gezogene Karte legen oder passen.`,
  onlyDrawnCard: (p) => `Nach dem Ziehen, weil nichts passte, ${p.you ? 'darfst du' : `darf ${p.player}`} nur die gezogene Karte legen, nicht ${c(p.card, 'de')}: zieh noch einmal oder passe, wenn nicht mehr gezogen werden darf.`,
  firstTurnNoTwist: (p) => `Kein Wechsel im ersten Zug: ${p.you ? 'du musst' : `${p.player} muss`} ${SUIT_NAMES.de[p.active]} mit einer Karte dieser Farbe bedienen (keine Acht, kein Farbwechsel).`,
  noEightOnEight: () => 'An diesem Tisch darf keine Acht auf eine Acht.',
  noWinOnEight: (p) => `${who(p, 'de')} ${vb(p, 'darf', 'darfst')} an diesem Tisch nicht mit einer Acht ausgehen.`,
  nameSuit: () => 'Nenne die Farbe, die gilt, wenn du eine Acht legst.',
  onlyEightNamesSuit: () => 'Nur eine Acht bestimmt die Farbe: nenne keine.',
  oneCardOnly: () => 'Hier nur eine Karte pro Zug (mehrere auf einmal ist eine Hausregel, die aus ist).',
  groupMismatch: (p) => `${C(p.card, 'de')} passt nicht zu den anderen Karten: zusammen müssen sie denselben Wert haben${p.count ? ' oder dieselbe Farbe (ohne Achten)' : ''}.`,
  drawLimit: (p) => `${who(p, 'de')} ${vb(p, 'hat', 'hast')} in diesem Zug ${p.count} ${n(p.count, 'Karte', 'Karten')} gezogen, mehr ist nicht erlaubt: passe.`,
  cannotDraw: () => 'Es gibt keine Karte zum Ziehen: der Stapel ist leer, und auf dem Ablagestapel liegt nur die oberste Karte.',
  passNotAllowed: (p) => `${who(p, 'de')} ${vb(p, 'darf', 'darfst')} noch nicht passen: lege eine Karte oder ziehe.`,
  drawFirst: (p) =>
    p.count > 0
      ? `${who(p, 'de')} ${vb(p, 'darf', 'darfst')} noch nicht passen: nichts passt, also ziehe (noch bis zu ${p.count}).`
      : `${who(p, 'de')} ${vb(p, 'darf', 'darfst')} nicht passen: nichts passt, also ziehe, bis eine Karte passt.`,
  pendingTwos: (p) => `${who(p, 'de')} ${vb(p, 'muss', 'musst')} mit einer Zwei antworten oder ${p.count} Karten ziehen.`,
  noCallNeeded: (p) => `${who(p, 'de')} ${vb(p, 'kann', 'kannst')} nur direkt nach einer Karte ansagen, nach der eine übrig bleibt.`,
  catchCalled: (p) => `${p.other} kann nicht erwischt werden: ${p.other} hat angesagt.`,
  catchNotOneCard: (p) => `${p.other} kann nicht erwischt werden: ${p.other} hat ${p.count} ${n(p.count, 'Karte', 'Karten')}, nicht eine.`,
  catchTooLate: (p) => `Zu spät, um ${p.other} zu erwischen: der nächste Spieler war schon am Zug.`,
  noCatchInGame: () => 'Eine vergessene Ansage kostet in diesem Spiel nichts: es gibt niemanden zu erwischen.',
  catchSelf: (p) => `${who(p, 'de')} ${vb(p, 'kann', 'kannst')} ${p.you ? 'dich' : 'sich'} nicht selbst erwischen.`,
  roundOver: () => 'Die Runde ist vorbei: keine Züge mehr bis zum nächsten Geben.',
  gameOver: () => 'Das Spiel ist vorbei.',
  needSeed: () => 'Hier müssen die Karten gemischt werden, aber das Geben in dieser Aufzeichnung hat keinen Startwert zum Mischen.',
  dealerNames: (p) => `${p.other} hat gegeben und muss zuerst die Farbe für die aufgedeckte Acht nennen.`,
  noSuitToName: () => 'Eine Farbe nennt man nur mit einer Acht.',
  finishMove: (p) => `${p.player} muss zuerst den Zug beenden.`,
  firstLead: (p) => `Der erste Stich wird mit ${c(p.card, 'de')} eröffnet.`,
  mustFollow: (p) => `${who(p, 'de')} ${vb(p, 'muss', 'musst')} ${SUIT_NAMES.de[p.active]} bedienen und ${vb(p, 'hat', 'hast')} diese Farbe.`,
  heartsNotBroken: () => 'Herz darf erst ausgespielt werden, wenn ein Herz auf eine andere Farbe abgeworfen wurde.',
  noPenaltyFirstTrick: (p) => `Kein Herz und keine Pik-Dame im ersten Stich, solange ${p.you ? 'du' : p.player} eine andere Karte ${p.you ? 'hast' : 'hat'}.`,
  passFirst: () => 'Alle geben vor dem ersten Stich drei Karten weiter.',
  passThree: (p) => `${who(p, 'de')} ${vb(p, 'muss', 'musst')} genau drei verschiedene Karten von der Hand weitergeben.`,
  alreadyPassed: (p) => `${who(p, 'de')} ${vb(p, 'hat', 'hast')} schon drei Karten weitergegeben.`,
  noPassNow: () => 'Jetzt wird nicht weitergegeben.',
  notDealtIn: (p) => `${who(p, 'de')} ${vb(p, 'ist', 'bist')} in diesem Spiel nicht dabei.`,
};

/** The error sentences in German, as the public API hands them out (`localizeErrorWith`). */
export const sentencesDe: ErrorSentences = /* @__PURE__ */ sentencesHandle(DE);

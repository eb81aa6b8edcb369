/**
 * The words of "Lær å spille" in every language: in the lessons' own chunk, so nothing of the tutorial reaches
 * the first page (words/nb.ts is part of it).
 */
import type { Lang } from '../i18n.js';

const nb = {
  learnLead: 'Et første spill mot datamaskinen som forklarer hver regel når du møter den. Etterpå spiller du videre som vanlig.',
  learnGame: (game: string) => `Lær ${game}`,
  lessonTitle: 'Slik spiller du',
  lessonClose: 'Skjønner',
  lessonDone: 'Nå kan du reglene! Spill videre, eller start et vanlig spill.',
  lessonPlay: 'Start et vanlig spill',
  lessonCall: (word: string, penalty: number) => (penalty === 0 ? `Du legger nest siste kort: trykk «${word}» først, så de andre vet det. I Olsen er det bare et varsel.` : `Du legger nest siste kort: trykk «${word}» først. Glemmer du det, kan de andre banke i bordet, og du må trekke ${penalty} kort.`),
  lessonCatch: (who: string, word: string) => `${who} glemte å si «${word}»! Trykk «Bank i bordet!» før neste spiller gjør noe – da må ${who} trekke.`,
  lessons: {
    match: 'Din tur: legg et kort i samme sort eller med samme verdi som kortet øverst på bunken. Kortene du kan legge, er løftet opp.',
    eight: 'Du har en åtter: den kan legges på hva som helst, og da velger du hvilken sort neste spiller må legge.',
    draw: 'Ingen av kortene dine passer. Trykk på bunken for å trekke – opptil tre kort. Passer fortsatt ingen, trykker du «Pass».',
    olsenEnd: 'Den som først blir kvitt kortene sine, vinner. De andre får plass etter hvor få kort de har igjen.',
    scoring: 'Kortene dere sitter igjen med, blir poeng (se poenglisten). Når noen kommer over målet, vinner den med færrest poeng.',
    pass: 'Først gir alle bort tre kort. Gi bort det som er farlig å sitte med: spar dame og høye hjerter.',
    follow: 'Følg sorten som ble spilt ut, om du kan. Høyeste kort i den sorten tar stikket, og den som tar det, spiller ut neste.',
    points: 'Hvert hjerte du tar, er ett poeng, og spar dame er 13. Få poeng er bra.',
    moon: 'Tar én spiller alle hjertene og spar dame, får de andre 26 poeng hver i stedet – det heter å skyte månen. Når noen når poenggrensen, vinner den med færrest.',
  },
};

export type LearnWords = { [K in keyof typeof nb]: (typeof nb)[K] extends (...a: infer A) => string ? (...a: A) => string : (typeof nb)[K] extends string ? string : { [Q in keyof (typeof nb)[K]]: string } };

export const LEARN_WORDS: Readonly<Record<Lang, LearnWords>> = {
  nb,
  en: {
    learnLead: 'A first game against the computer that explains each rule as you meet it. Then you play on as usual.',
    learnGame: (game) => `Learn ${game}`,
    lessonTitle: 'How to play',
    lessonClose: 'Got it',
    lessonDone: 'You know the rules now! Play on, or start a normal game.',
    lessonPlay: 'Start a normal game',
    lessonCall: (word, penalty) => (penalty === 0 ? `You are playing your second-last card: tap “${word}” first, so the others know. In Olsen it is only a warning.` : `You are playing your second-last card: tap “${word}” first. If you forget, the others can bang the table and you draw ${penalty} cards.`),
    lessonCatch: (who, word) => `${who} forgot to call “${word}”! Tap “Bang the table!” before the next player acts – then ${who} must draw.`,
    lessons: {
      match: 'Your turn: play a card of the same suit or the same rank as the top card of the pile. The cards you can play are raised.',
      eight: 'You have an eight: it can go on anything, and then you choose the suit the next player must play.',
      draw: 'None of your cards fits. Tap the stock to draw – up to three cards. If still none fits, tap “Pass”.',
      olsenEnd: 'The first to get rid of all their cards wins. The others are placed by how few cards they have left.',
      scoring: 'The cards you are left with become points (see the score sheet). When someone passes the target, the one with the fewest points wins.',
      pass: 'First everyone passes three cards. Pass what is dangerous to hold: the queen of spades and high hearts.',
      follow: 'Follow the suit that was led if you can. The highest card of that suit takes the trick, and its taker leads next.',
      points: 'Each heart you take is one point, and the queen of spades is 13. Few points is good.',
      moon: 'If one player takes every heart and the queen of spades, the others get 26 points each instead – that is shooting the moon. When someone reaches the point limit, the one with the fewest wins.',
    },
  },
  nl: {
    learnLead: 'Een eerste spel tegen de computer dat elke regel uitlegt wanneer je hem tegenkomt. Daarna speel je gewoon verder.',
    learnGame: (game) => `Leer ${game}`,
    lessonTitle: 'Zo speel je',
    lessonClose: 'Begrepen',
    lessonDone: 'Nu ken je de regels! Speel verder, of begin een gewoon spel.',
    lessonPlay: 'Begin een gewoon spel',
    lessonCall: (word, penalty) => (penalty === 0 ? `Je legt je voorlaatste kaart: tik eerst op „${word}”, zodat de anderen het weten. In Olsen is het alleen een waarschuwing.` : `Je legt je voorlaatste kaart: tik eerst op „${word}”. Vergeet je het, dan kunnen de anderen op tafel kloppen en trek je ${penalty} kaarten.`),
    lessonCatch: (who, word) => `${who} vergat „${word}” te zeggen! Tik op „Klop op tafel!” voordat de volgende speler iets doet – dan moet ${who} trekken.`,
    lessons: {
      match: 'Jouw beurt: leg een kaart van dezelfde kleur of dezelfde waarde als de bovenste kaart van de stapel. De kaarten die je kunt leggen, staan omhoog.',
      eight: 'Je hebt een acht: die mag op alles, en dan kies je welke kleur de volgende speler moet leggen.',
      draw: 'Geen van je kaarten past. Tik op de stapel om te trekken – tot drie kaarten. Past er nog steeds geen, tik dan op „Passen”.',
      olsenEnd: 'Wie als eerste alle kaarten kwijt is, wint. De anderen krijgen een plaats naar hoe weinig kaarten ze nog hebben.',
      scoring: 'De kaarten die je overhoudt, worden punten (zie de puntenlijst). Komt iemand boven het doel, dan wint wie de minste punten heeft.',
      pass: 'Eerst geeft iedereen drie kaarten door. Geef door wat gevaarlijk is om te houden: schoppenvrouw en hoge harten.',
      follow: 'Volg de kleur die is uitgespeeld als je kunt. De hoogste kaart van die kleur neemt de slag, en wie hem neemt, speelt de volgende uit.',
      points: 'Elk hart dat je neemt is één punt, en schoppenvrouw is 13. Weinig punten is goed.',
      moon: 'Neemt één speler alle harten en schoppenvrouw, dan krijgen de anderen elk 26 punten – dat heet de maan schieten. Bereikt iemand de puntengrens, dan wint wie de minste heeft.',
    },
  },
  de: {
    learnLead: 'Ein erstes Spiel gegen den Computer, das jede Regel erklärt, wenn du ihr begegnest. Danach spielst du normal weiter.',
    learnGame: (game) => `${game} lernen`,
    lessonTitle: 'So wird gespielt',
    lessonClose: 'Verstanden',
    lessonDone: 'Jetzt kennst du die Regeln! Spiel weiter oder starte ein normales Spiel.',
    lessonPlay: 'Normales Spiel starten',
    lessonCall: (word, penalty) => (penalty === 0 ? `Du legst deine vorletzte Karte: tippe zuerst auf „${word}“, damit die anderen es wissen. In Olsen ist es nur eine Warnung.` : `Du legst deine vorletzte Karte: tippe zuerst auf „${word}“. Vergisst du es, können die anderen auf den Tisch klopfen, und du ziehst ${penalty} Karten.`),
    lessonCatch: (who, word) => `${who} hat vergessen, „${word}“ zu sagen! Tippe auf „Auf den Tisch klopfen!“, bevor der nächste Spieler etwas tut – dann muss ${who} ziehen.`,
    lessons: {
      match: 'Du bist dran: lege eine Karte derselben Farbe oder desselben Werts wie die oberste Karte des Stapels. Die Karten, die du legen kannst, sind angehoben.',
      eight: 'Du hast eine Acht: sie passt auf alles, und dann wählst du, welche Farbe der nächste Spieler legen muss.',
      draw: 'Keine deiner Karten passt. Tippe auf den Stapel, um zu ziehen – bis zu drei Karten. Passt immer noch keine, tippe auf „Passen“.',
      olsenEnd: 'Wer zuerst alle Karten los ist, gewinnt. Die anderen bekommen ihren Platz danach, wie wenige Karten sie noch haben.',
      scoring: 'Die Karten, die ihr übrig habt, werden zu Punkten (siehe die Punkteliste). Kommt jemand über das Ziel, gewinnt, wer die wenigsten Punkte hat.',
      pass: 'Zuerst gibt jeder drei Karten weiter. Gib weiter, was gefährlich ist: die Pik-Dame und hohe Herzen.',
      follow: 'Bediene die ausgespielte Farbe, wenn du kannst. Die höchste Karte dieser Farbe nimmt den Stich, und wer ihn nimmt, spielt als Nächstes aus.',
      points: 'Jedes Herz, das du nimmst, ist ein Punkt, und die Pik-Dame 13. Wenige Punkte sind gut.',
      moon: 'Nimmt ein Spieler alle Herzen und die Pik-Dame, bekommen die anderen stattdessen je 26 Punkte – das heißt, den Mond schießen. Erreicht jemand die Punktgrenze, gewinnt, wer die wenigsten hat.',
    },
  },
};

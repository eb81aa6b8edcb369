/**
 * The rules in players' words, in every language the app speaks: one source for the web app's rules page,
 * `olsen rules ID` and the terminal's `hjelp`. Each paragraph names the rule IDs it explains (docs/rules.md), so a
 * refusal's "(regel S14)" leads to the sentences a player reads, never to the rule book's notes for developers.
 * `**…**` marks the words a page shows in bold.
 */
import type { GameName } from './core/games.js';
import type { Lang } from './core/words.js';

export interface GuideParagraph {
  /** The rule IDs this paragraph explains. */
  readonly rules: readonly string[];
  readonly text: Readonly<Record<Lang, string>>;
}

export interface GuideSection {
  /** The page's anchor, per language (`#dansk`, `#danish`). */
  readonly anchor: Readonly<Record<Lang, string>>;
  readonly title: Readonly<Record<Lang, string>>;
  /** The games the section is about (the terminal's `hjelp` shows a game's own). */
  readonly games: readonly GameName[];
  readonly paragraphs: readonly GuideParagraph[];
}

const ALL: readonly GameName[] = ['olsen', 'vri-atter', 'vri-atter-002', 'olsen-dk'];
const SHEDDING: readonly GameName[] = ['olsen', 'vri-atter', 'vri-atter-002'];

/** The rules page, section by section. */
export const GUIDE: readonly GuideSection[] = [
  {
    anchor: { nb: 'olsen', en: 'olsen', nl: 'olsen', de: 'olsen' },
    title: { nb: 'Olsen', en: 'Olsen', nl: 'Olsen', de: 'Olsen' },
    games: SHEDDING,
    paragraphs: [
      {
        rules: ['S1', 'S2', 'S3', 'S4', 'S7'],
        text: {
          nb: '2–4 spillere (5–6 med to kortstokker), vanlig kortstokk uten jokere. Hver får fem kort; ett kort snus opp ved siden av bunken. Den som sitter til venstre for giveren begynner, og så går det med klokka.',
          en: '2–4 players (5–6 with two decks), a standard deck without jokers. Everyone gets five cards; one card is turned up beside the stock. The player left of the dealer starts, and play goes clockwise.',
          nl: '2–4 spelers (5–6 met twee spellen kaarten), een gewoon spel kaarten zonder jokers. Iedereen krijgt vijf kaarten; één kaart wordt open naast de stapel gelegd. Wie links van de deler zit, begint, en het spel gaat met de klok mee.',
          de: '2–4 Spieler (5–6 mit zwei Kartenspielen), ein normales Kartenspiel ohne Joker. Jeder bekommt fünf Karten; eine Karte wird neben dem Stapel aufgedeckt. Wer links vom Geber sitzt, beginnt, und es geht im Uhrzeigersinn weiter.',
        },
      },
      {
        rules: ['S8', 'S9', 'S10', 'S11', 'S12'],
        text: {
          nb: 'Legg et kort i samme sort eller med samme verdi som kortet øverst. **Åttere er vri**: en åtter kan legges når som helst, og du sier hvilken sort som gjelder. Kan du ikke legge noe, trekker du — opptil tre kort. Passer ingen av dem, sier du pass.',
          en: 'Play a card of the same suit or the same rank as the top card. **Eights are wild**: play one at any time and name the suit that counts. If you cannot play, draw — up to three cards. If none of them fits, pass.',
          nl: 'Leg een kaart van dezelfde kleur of dezelfde waarde als de bovenste kaart. **Achten zijn vrij**: een acht mag je altijd leggen, en je zegt welke kleur dan geldt. Kun je niets leggen, dan trek je — tot drie kaarten. Past geen ervan, dan pas je.',
          de: 'Lege eine Karte derselben Farbe oder desselben Werts wie die oberste Karte. **Achten sind frei**: eine Acht darfst du immer legen, und du sagst, welche Farbe dann gilt. Kannst du nichts legen, ziehst du — bis zu drei Karten. Passt keine davon, passt du.',
        },
      },
      {
        rules: ['S18', 'S19', 'S21', 'S22', 'S16'],
        text: {
          nb: 'Når du legger nest siste kort, sier du **«Olsen!»**. Den som først blir kvitt alle kortene, vinner; de andre rangeres etter hvor mange kort de har igjen. Er bunken tom, stokkes kastebunken (unntatt øverste kort) til ny bunke.',
          en: 'When you play your second-last card, call **“Olsen!”**. The first player to get rid of every card wins; the others are ranked by the cards they hold. When the stock is empty, the discards (except the top card) are shuffled into a new stock.',
          nl: 'Als je je voorlaatste kaart legt, roep je **„Olsen!”**. Wie als eerste alle kaarten kwijt is, wint; de anderen worden gerangschikt naar het aantal kaarten dat ze nog hebben. Is de stapel op, dan wordt de aflegstapel (behalve de bovenste kaart) geschud tot een nieuwe stapel.',
          de: 'Wenn du deine vorletzte Karte legst, rufst du **„Olsen!“**. Wer zuerst alle Karten los ist, gewinnt; die anderen werden danach eingestuft, wie viele Karten sie noch haben. Ist der Stapel leer, wird der Ablagestapel (ohne die oberste Karte) zu einem neuen Stapel gemischt.',
        },
      },
    ],
  },
  {
    anchor: { nb: 'vri', en: 'vri', nl: 'vri', de: 'vri' },
    title: { nb: 'Vri åtter', en: 'Vri åtter', nl: 'Vri åtter', de: 'Vri åtter' },
    games: ['vri-atter', 'vri-atter-002'],
    paragraphs: [
      {
        rules: ['S24'],
        text: {
          nb: '2–6 spillere, samme gang som Olsen, men det spilles om poeng: når noen går ut, får de andre poeng for kortene de sitter igjen med (åtter 50, bildekort 10, ess 1 eller som avtalt, andre kort pålydende). Når noen har fått mer enn 100 poeng, er spillet over, og den med færrest poeng vinner.',
          en: '2–6 players, played like Olsen but for points: when someone goes out, the others score the cards they hold (eight 50, court cards 10, ace 1 or as agreed, others their value). When someone passes 100 the game ends and the lowest score wins.',
          nl: '2–6 spelers, gespeeld als Olsen, maar om punten: als iemand uitgaat, krijgen de anderen punten voor de kaarten die ze nog hebben (acht 50, plaatjes 10, aas 1 of zoals afgesproken, andere kaarten hun waarde). Komt iemand boven de 100, dan is het spel voorbij en wint wie de minste punten heeft.',
          de: '2–6 Spieler, gespielt wie Olsen, aber um Punkte: wenn jemand ausgeht, bekommen die anderen Punkte für die Karten, die sie noch haben (Acht 50, Bildkarten 10, Ass 1 oder wie vereinbart, andere Karten ihren Wert). Kommt jemand über 100, ist das Spiel vorbei, und wer die wenigsten Punkte hat, gewinnt.',
        },
      },
      {
        rules: ['S20'],
        text: {
          nb: 'Har du ett kort igjen, må du si **«ett kort igjen»**. Glemmer du det, kan de andre **banke i bordet** før neste spiller har gjort noe — da trekker du tre straffekort.',
          en: 'With one card left you must say **“one card left”**. If you forget, the others may **bang the table** before the next player acts — and you draw three penalty cards.',
          nl: 'Heb je nog één kaart, dan moet je **„laatste kaart”** zeggen. Vergeet je dat, dan mogen de anderen **op tafel kloppen** voordat de volgende speler iets doet — dan trek je drie strafkaarten.',
          de: 'Hast du nur noch eine Karte, musst du **„letzte Karte“** sagen. Vergisst du es, dürfen die anderen **auf den Tisch klopfen**, bevor der nächste Spieler etwas tut — dann ziehst du drei Strafkarten.',
        },
      },
    ],
  },
  {
    anchor: { nb: 'vri-variant', en: 'vri-variant', nl: 'vri-variant', de: 'vri-variant' },
    title: { nb: 'Vri åtter med seks kort', en: 'Vri åtter with six cards', nl: 'Vri åtter met zes kaarten', de: 'Vri åtter mit sechs Karten' },
    games: ['vri-atter-002'],
    paragraphs: [
      {
        rules: ['S23'],
        text: {
          nb: 'Slik én av kildene spiller Vri åtter: seks kort hver, én kortstokk uansett hvor mange dere er. Du kan beholde et kort du trekker selv om det passer, ingen kan vri (legge åtter eller bytte sort) i sin første tur, du kan legge flere kort med samme verdi på én gang, og når noen går ut, spiller de andre videre om plassene.',
          en: 'Vri åtter as one of the sources plays it: six cards each, one deck however many you are. You may keep a card you draw even if it fits, nobody may twist (play an eight or change the suit) on their first turn, you may lay several cards of one rank at once, and when someone goes out the others play on for the places.',
          nl: 'Vri åtter zoals een van de bronnen het speelt: zes kaarten per persoon, één spel kaarten hoeveel jullie ook zijn. Een getrokken kaart mag je houden, ook als hij past; niemand mag in de eerste beurt een acht leggen (van kleur wisselen); je mag meerdere kaarten van dezelfde waarde tegelijk leggen; en als iemand uitgaat, spelen de anderen door om de plaatsen.',
          de: 'Vri åtter, wie es eine der Quellen spielt: sechs Karten für jeden, ein Kartenspiel, egal wie viele ihr seid. Eine gezogene Karte darfst du behalten, auch wenn sie passt; niemand darf im ersten Zug wechseln (eine Acht legen oder die Farbe ändern); du darfst mehrere Karten desselben Werts auf einmal legen; und wenn jemand ausgeht, spielen die anderen um die Plätze weiter.',
        },
      },
    ],
  },
  {
    anchor: { nb: 'husregler', en: 'house-rules', nl: 'huisregels', de: 'hausregeln' },
    title: { nb: 'Husregler', en: 'House rules', nl: 'Huisregels', de: 'Hausregeln' },
    games: SHEDDING,
    paragraphs: [
      {
        rules: [],
        text: {
          nb: 'Når du lager et bord kan du slå på husreglene fra kildene: flere kort av samme verdi eller sort i ett trekk, toer/dame/ess som spesialkort, svenskevri, ingen vri i første tur, ingen åtter på åtter, ikke gå ut på åtter, én eller tre trekk, antall kort, to kortstokker og mer. Hver regel har en forklaring på én linje i skjemaet.',
          en: 'When you create a table you can switch on the house rules of the source texts: several cards of a rank or a suit in one move, twos/queens/aces as special cards, svenskevri, no twist on the first turn, no eight on an eight, no going out on an eight, one or three draws, hand size, two decks and more. Each has a one-line explanation in the form.',
          nl: 'Als je een tafel maakt, kun je de huisregels uit de bronnen aanzetten: meerdere kaarten van dezelfde waarde of kleur in één zet, twee/vrouw/aas als speciale kaarten, svenskevri, geen acht in de eerste beurt, geen acht op een acht, niet uitgaan met een acht, één of drie keer trekken, het aantal kaarten, twee spellen kaarten en meer. Elke regel heeft in het formulier een uitleg van één regel.',
          de: 'Wenn du einen Tisch eröffnest, kannst du die Hausregeln aus den Quellen einschalten: mehrere Karten desselben Werts oder derselben Farbe in einem Zug, Zwei/Dame/Ass als Sonderkarten, Svenskevri, kein Wechsel im ersten Zug, keine Acht auf eine Acht, nicht mit einer Acht ausgehen, einmal oder dreimal ziehen, die Zahl der Karten, zwei Kartenspiele und mehr. Jede Regel hat im Formular eine Erklärung in einer Zeile.',
        },
      },
    ],
  },
  {
    anchor: { nb: 'dansk', en: 'danish', nl: 'deens', de: 'daenisch' },
    title: { nb: 'Dansk Olsen', en: 'Danish Olsen', nl: 'Deens Olsen', de: 'Dänisches Olsen' },
    games: ['olsen-dk'],
    paragraphs: [
      {
        rules: ['H1', 'H2', 'H4'],
        text: {
          nb: 'Et stikkspill i hjerter-familien for 3–5 spillere. Alle kortene deles ut (med tre eller fem spillere tas toere ut så det går opp). Den som har kløver to (med fem: kløver tre) spiller ut i første stikk.',
          en: 'A trick-taking game of the Hearts family for 3–5 players. All cards are dealt (with three or five players twos are removed so it comes out even). Whoever holds the two of clubs (with five: the three of clubs) leads the first trick.',
          nl: 'Een slagenspel uit de hartenfamilie voor 3–5 spelers. Alle kaarten worden gedeeld (met drie of vijf spelers gaan er tweeën uit, zodat het opgaat). Wie klaveren twee heeft (met vijf: klaveren drie), komt uit in de eerste slag.',
          de: 'Ein Stichspiel aus der Herzen-Familie für 3–5 Spieler. Alle Karten werden ausgeteilt (mit drei oder fünf Spielern werden Zweien herausgenommen, damit es aufgeht). Wer die Kreuz-Zwei hat (mit fünf: die Kreuz-Drei), spielt zum ersten Stich aus.',
        },
      },
      {
        rules: ['H5', 'H6', 'H8', 'H9'],
        text: {
          nb: 'Du må følge sort hvis du kan; høyeste kort i utspilt sort tar stikket og spiller ut neste. Hjerter kan ikke spilles ut før hjerter er brutt. Hvert hjerter gir ett poeng og spar dame 13. Tar du alle hjerter og spar dame, har du **skutt månen**: du får 0 og alle andre 26. Når noen når grensen (vanligvis 100), vinner den med færrest poeng.',
          en: 'Follow suit if you can; the highest card of the suit led takes the trick and leads the next. Hearts may not be led until hearts are broken. Each heart is one point and the queen of spades 13. Take every heart and the queen and you have **shot the moon**: you score 0 and everyone else 26. When someone reaches the limit (usually 100), the lowest total wins.',
          nl: 'Je moet kleur bekennen als je kunt; de hoogste kaart van de gevraagde kleur neemt de slag en komt uit in de volgende. Met harten mag je pas uitkomen als er harten is gebroken. Elke harten is één punt waard en de schoppenvrouw 13. Neem je alle harten en de schoppenvrouw, dan heb je **de maan geschoten**: jij krijgt 0 en alle anderen 26. Als iemand de grens bereikt (meestal 100), wint wie het minst heeft.',
          de: 'Du musst Farbe bedienen, wenn du kannst; die höchste Karte der ausgespielten Farbe nimmt den Stich und spielt zum nächsten aus. Herz darf erst ausgespielt werden, wenn Herz gebrochen ist. Jedes Herz zählt einen Punkt und die Pik-Dame 13. Nimmst du alle Herzen und die Pik-Dame, hast du **den Mond geschossen**: du bekommst 0 und alle anderen 26. Erreicht jemand die Grenze (meist 100), gewinnt, wer am wenigsten hat.',
        },
      },
      {
        rules: ['H3', 'H7'],
        text: {
          nb: 'Husregler: gi tre kort før hver runde (til venstre eller på rundgang), straffekort i første stikk, ruter knekt som minus ti, fast antall runder.',
          en: 'House rules: pass three cards before each hand (left or in rotation), penalty cards on the first trick, the jack of diamonds as minus ten, a fixed number of hands.',
          nl: 'Huisregels: drie kaarten doorgeven voor elk spel (naar links of op toerbeurt), strafkaarten in de eerste slag, de ruitenboer als min tien, een vast aantal spellen.',
          de: 'Hausregeln: drei Karten vor jedem Spiel weitergeben (nach links oder reihum), Strafkarten im ersten Stich, der Karo-Bube als minus zehn, eine feste Zahl von Spielen.',
        },
      },
    ],
  },
  {
    anchor: { nb: 'mer', en: 'more', nl: 'meer', de: 'mehr' },
    title: { nb: 'Mer om reglene', en: 'More about the rules', nl: 'Meer over de regels', de: 'Mehr zu den Regeln' },
    games: ALL,
    paragraphs: [
      {
        rules: ['S5', 'S6'],
        text: {
          nb: 'Kortene deles ut ett og ett med klokka, først til den som sitter til venstre for giveren. Snus en åtter opp, stikkes den tilbake i bunken og et nytt kort snus. Etter hver runde går given én plass til venstre.',
          en: 'Cards are dealt one at a time clockwise, starting left of the dealer. If an eight is turned up, it goes back into the stock and another card is turned. After each round the deal passes one seat to the left.',
          nl: 'De kaarten worden één voor één met de klok mee gedeeld, te beginnen links van de deler. Wordt er een acht omgedraaid, dan gaat die terug in de stapel en wordt een andere kaart omgedraaid. Na elke ronde schuift het delen één plaats naar links op.',
          de: 'Die Karten werden einzeln im Uhrzeigersinn ausgeteilt, beginnend links vom Geber. Wird eine Acht aufgedeckt, kommt sie zurück in den Stapel, und eine andere Karte wird aufgedeckt. Nach jeder Runde gibt der Nächste links.',
        },
      },
      {
        rules: ['S13', 'S14', 'S15'],
        text: {
          nb: 'Du kan trekke selv om du har et kort som passer, men da bare ett kort. Passer kortet du trekker, legger du det med en gang. Trakk du fordi ingenting passet, og det nye kortet ikke passer heller, trekker du igjen til du har trukket tre; så sier du pass. Alle ser at du trekker, men ikke hvilket kort.',
          en: 'You may draw even when you hold a card that fits, but then only one card. If the card you draw fits, you play it at once. If you drew because nothing fitted and the new card does not fit either, draw again until you have drawn three; then pass. Everyone sees that you draw, not which card.',
          nl: 'Je mag trekken, ook als je een kaart hebt die past, maar dan maar één kaart. Past de getrokken kaart, dan leg je hem meteen. Trok je omdat niets paste en past de nieuwe kaart ook niet, dan trek je opnieuw tot je er drie hebt getrokken; daarna pas je. Iedereen ziet dat je trekt, niet welke kaart.',
          de: 'Du darfst ziehen, auch wenn du eine passende Karte hast, dann aber nur eine. Passt die gezogene Karte, legst du sie sofort. Hast du gezogen, weil nichts passte, und passt die neue Karte auch nicht, ziehst du weiter, bis du drei gezogen hast; dann passt du. Alle sehen, dass du ziehst, aber nicht welche Karte.',
        },
      },
      {
        rules: ['S17'],
        text: {
          nb: 'Er både bunken og kastebunken brukt opp, kan ingen trekke. Sier alle pass én gang rundt bordet uten at noen legger et kort, er runden stengt, og den telles etter kortene hver har igjen.',
          en: 'When both the stock and the discards are used up, nobody can draw. If everyone passes once round the table without anyone playing a card, the round is blocked and counted by the cards each player holds.',
          nl: 'Zijn de stapel en de aflegstapel allebei op, dan kan niemand trekken. Past iedereen één keer rond de tafel zonder dat iemand een kaart legt, dan zit de ronde vast en telt ze naar de kaarten die ieder nog heeft.',
          de: 'Sind Stapel und Ablagestapel beide verbraucht, kann niemand ziehen. Passen alle einmal reihum, ohne dass jemand eine Karte legt, ist die Runde blockiert und wird nach den Karten gewertet, die jeder noch hat.',
        },
      },
      {
        rules: ['H10', 'V1', 'V2'],
        text: {
          nb: 'Du ser dine egne kort, hvor mange kort de andre har, kortet øverst (i dansk Olsen stikket som spilles) og alt som blir gjort — aldri de andres kort eller hvilket kort noen trakk. Appen godtar ingen ulovlige trekk, så ingen kan for eksempel la være å følge sort. Når spillet er over, kan hele spillet ses og spilles av igjen.',
          en: 'You see your own cards, how many cards the others hold, the top card (in Danish Olsen the trick being played) and everything that is done — never the others’ cards or which card someone drew. The app accepts no illegal move, so nobody can, say, fail to follow suit. Once a game is over, the whole game can be seen and replayed.',
          nl: 'Je ziet je eigen kaarten, hoeveel kaarten de anderen hebben, de bovenste kaart (bij Deens Olsen de slag die gespeeld wordt) en alles wat er gebeurt — nooit de kaarten van de anderen of welke kaart iemand trok. De app accepteert geen ongeldige zet, dus niemand kan bijvoorbeeld verzaken. Als het spel voorbij is, kan het hele spel bekeken en opnieuw afgespeeld worden.',
          de: 'Du siehst deine eigenen Karten, wie viele Karten die anderen haben, die oberste Karte (beim dänischen Olsen den laufenden Stich) und alles, was getan wird — nie die Karten der anderen oder welche Karte jemand gezogen hat. Die App nimmt keinen ungültigen Zug an, also kann zum Beispiel niemand Farbe verweigern. Ist das Spiel vorbei, kann man es ganz ansehen und noch einmal abspielen.',
        },
      },
    ],
  },
];

/** Where a rule ID (S14, H8, any case) is explained in players' words: its section and paragraph, or null. */
export function guideFor(id: string): { readonly section: GuideSection; readonly paragraph: GuideParagraph } | null {
  const want = id.trim().toUpperCase();
  for (const section of GUIDE) for (const paragraph of section.paragraphs) if (paragraph.rules.includes(want)) return { section, paragraph };
  return null;
}

/** The rules, written for the app, in Norwegian, English, Dutch and German. */
import type { JSX } from 'preact';
import { gameInfo, optionText } from '@olsen/engine';
import type { Lang } from './i18n.js';
import type { Prefs } from './table.js';

// The house rules as the engine lists them (one table for the form, this page and the CLI).
const SHEDDING_RULES = gameInfo('olsen').options.map((o) => o.name);
const HEARTS_RULES = gameInfo('olsen-dk').options.map((o) => o.name);

function RuleList({ keys, lang }: { keys: readonly string[]; lang: Lang }) {
  return (
    <ul class="rule-list">
      {keys.map((k) => (
        <li key={k}>{optionText(k, lang)}</li>
      ))}
    </ul>
  );
}

const NB = (
  <>
    <h2 id="olsen">Olsen</h2>
    <p>2–4 spillere (5–6 med to kortstokker), vanlig kortstokk uten jokere. Hver får fem kort; ett kort snus opp ved siden av bunken. Den som sitter til venstre for giveren begynner, og så går det med klokka.</p>
    <p>Legg et kort i samme sort eller med samme verdi som kortet øverst. <strong>Åttere er vri</strong>: en åtter kan legges når som helst, og du sier hvilken sort som gjelder. Kan du ikke legge noe, trekker du — opptil tre kort. Passer ingen av dem, sier du pass.</p>
    <p>Når du legger nest siste kort, sier du <strong>«Olsen!»</strong>. Den som først blir kvitt alle kortene, vinner; de andre rangeres etter hvor mange kort de har igjen. Er bunken tom, stokkes kastebunken (unntatt øverste kort) til ny bunke.</p>
    <h2 id="vri">Vri åtter</h2>
    <p>2–6 spillere, samme gang som Olsen, men det spilles om poeng: når noen går ut, får de andre poeng for kortene de sitter igjen med (åtter 50, bildekort 10, ess 1 eller som avtalt, andre kort pålydende). Når noen har fått mer enn 100 poeng, er spillet over, og den med færrest poeng vinner.</p>
    <p>Har du ett kort igjen, må du si <strong>«ett kort igjen»</strong>. Glemmer du det, kan de andre <strong>banke i bordet</strong> før neste spiller har gjort noe — da trekker du tre straffekort.</p>
    <h2 id="vri-variant">Vri åtter (variant)</h2>
    <p>Slik én av kildene spiller Vri åtter: seks kort hver, én kortstokk uansett hvor mange dere er. Du kan beholde et kort du trekker selv om det passer, ingen kan vri (legge åtter eller bytte sort) i sin første tur, du kan legge flere kort med samme verdi på én gang, og når noen går ut, spiller de andre videre om plassene.</p>
    <h2 id="husregler">Husregler</h2>
    <p>Når du lager et bord kan du slå på husreglene fra kildene: flere kort av samme verdi eller sort i ett trekk, toer/dame/ess som spesialkort, svenskevri, ingen vri i første tur, ingen åtter på åtter, ikke gå ut på åtter, én eller tre trekk, antall kort, to kortstokker og mer. Hver regel har en forklaring på én linje i skjemaet.</p>
    <h2 id="dansk">Dansk Olsen</h2>
    <p>Et stikkspill i hjerter-familien for 3–5 spillere. Alle kortene deles ut (med tre eller fem spillere tas toere ut så det går opp). Den som har kløver to (med fem: kløver tre) spiller ut i første stikk.</p>
    <p>Du må følge sort hvis du kan; høyeste kort i utspilt sort tar stikket og spiller ut neste. Hjerter kan ikke spilles ut før hjerter er brutt. Hvert hjerter gir ett poeng og spar dame 13. Tar du alle hjerter og spar dame, har du <strong>skutt månen</strong>: du får 0 og alle andre 26. Når noen når grensen (vanligvis 100), vinner den med færrest poeng.</p>
    <p>Husregler: gi tre kort før hver runde (til venstre eller på rundgang), straffekort i første stikk, ruter knekt som minus ti, fast antall runder.</p>
  </>
);

const EN = (
  <>
    <h2 id="olsen">Olsen</h2>
    <p>2–4 players (5–6 with two decks), a standard deck without jokers. Everyone gets five cards; one card is turned up beside the stock. The player left of the dealer starts, and play goes clockwise.</p>
    <p>Play a card of the same suit or the same rank as the top card. <strong>Eights are wild</strong>: play one at any time and name the suit that counts. If you cannot play, draw — up to three cards. If none of them fits, pass.</p>
    <p>When you play your second-last card, call <strong>“Olsen!”</strong>. The first player to get rid of every card wins; the others are ranked by the cards they hold. When the stock is empty, the discards (except the top card) are shuffled into a new stock.</p>
    <h2 id="vri">Vri åtter</h2>
    <p>2–6 players, played like Olsen but for points: when someone goes out, the others score the cards they hold (eight 50, court cards 10, ace 1 or as agreed, others their value). When someone passes 100 the game ends and the lowest score wins.</p>
    <p>With one card left you must say <strong>“one card left”</strong>. If you forget, the others may <strong>bang the table</strong> before the next player acts — and you draw three penalty cards.</p>
    <h2 id="vri-variant">Vri åtter (variant)</h2>
    <p>Vri åtter as one of the sources plays it: six cards each, one deck however many you are. You may keep a card you draw even if it fits, nobody may twist (play an eight or change the suit) on their first turn, you may lay several cards of one rank at once, and when someone goes out the others play on for the places.</p>
    <h2 id="house-rules">House rules</h2>
    <p>When you create a table you can switch on the house rules of the source texts: several cards of a rank or a suit in one move, twos/queens/aces as special cards, svenskevri, no twist on the first turn, no eight on an eight, no going out on an eight, one or three draws, hand size, two decks and more. Each has a one-line explanation in the form.</p>
    <h2 id="danish">Danish Olsen</h2>
    <p>A trick-taking game of the Hearts family for 3–5 players. All cards are dealt (with three or five players twos are removed so it comes out even). Whoever holds the two of clubs (with five: the three of clubs) leads the first trick.</p>
    <p>Follow suit if you can; the highest card of the suit led takes the trick and leads the next. Hearts may not be led until hearts are broken. Each heart is one point and the queen of spades 13. Take every heart and the queen and you have <strong>shot the moon</strong>: you score 0 and everyone else 26. When someone reaches the limit (usually 100), the lowest total wins.</p>
    <p>House rules: pass three cards before each hand (left or in rotation), penalty cards on the first trick, the jack of diamonds as minus ten, a fixed number of hands.</p>
  </>
);

const NL = (
  <>
    <h2 id="olsen">Olsen</h2>
    <p>2–4 spelers (5–6 met twee spellen kaarten), een gewoon spel kaarten zonder jokers. Iedereen krijgt vijf kaarten; één kaart wordt open naast de stapel gelegd. Wie links van de deler zit, begint, en het spel gaat met de klok mee.</p>
    <p>Leg een kaart van dezelfde kleur of dezelfde waarde als de bovenste kaart. <strong>Achten zijn vrij</strong>: een acht mag je altijd leggen, en je zegt welke kleur dan geldt. Kun je niets leggen, dan trek je — tot drie kaarten. Past geen ervan, dan pas je.</p>
    <p>Als je je voorlaatste kaart legt, roep je <strong>„Olsen!”</strong>. Wie als eerste alle kaarten kwijt is, wint; de anderen worden gerangschikt naar het aantal kaarten dat ze nog hebben. Is de stapel op, dan wordt de aflegstapel (behalve de bovenste kaart) geschud tot een nieuwe stapel.</p>
    <h2 id="vri">Vri åtter</h2>
    <p>2–6 spelers, gespeeld als Olsen, maar om punten: als iemand uitgaat, krijgen de anderen punten voor de kaarten die ze nog hebben (acht 50, plaatjes 10, aas 1 of zoals afgesproken, andere kaarten hun waarde). Komt iemand boven de 100, dan is het spel voorbij en wint wie de minste punten heeft.</p>
    <p>Heb je nog één kaart, dan moet je <strong>„laatste kaart”</strong> zeggen. Vergeet je dat, dan mogen de anderen <strong>op tafel kloppen</strong> voordat de volgende speler iets doet — dan trek je drie strafkaarten.</p>
    <h2 id="vri-variant">Vri åtter (variant)</h2>
    <p>Vri åtter zoals een van de bronnen het speelt: zes kaarten per persoon, één spel kaarten hoeveel jullie ook zijn. Een getrokken kaart mag je houden, ook als hij past; niemand mag in de eerste beurt een acht leggen (van kleur wisselen); je mag meerdere kaarten van dezelfde waarde tegelijk leggen; en als iemand uitgaat, spelen de anderen door om de plaatsen.</p>
    <h2 id="huisregels">Huisregels</h2>
    <p>Als je een tafel maakt, kun je de huisregels uit de bronnen aanzetten: meerdere kaarten van dezelfde waarde of kleur in één zet, twee/vrouw/aas als speciale kaarten, svenskevri, geen acht in de eerste beurt, geen acht op een acht, niet uitgaan met een acht, één of drie keer trekken, het aantal kaarten, twee spellen kaarten en meer. Elke regel heeft in het formulier een uitleg van één regel.</p>
    <h2 id="deens">Deens Olsen</h2>
    <p>Een slagenspel uit de hartenfamilie voor 3–5 spelers. Alle kaarten worden gedeeld (met drie of vijf spelers gaan er tweeën uit, zodat het opgaat). Wie klaveren twee heeft (met vijf: klaveren drie), komt uit in de eerste slag.</p>
    <p>Je moet kleur bekennen als je kunt; de hoogste kaart van de gevraagde kleur neemt de slag en komt uit in de volgende. Met harten mag je pas uitkomen als er harten is gebroken. Elke harten is één punt waard en de schoppenvrouw 13. Neem je alle harten en de schoppenvrouw, dan heb je <strong>de maan geschoten</strong>: jij krijgt 0 en alle anderen 26. Als iemand de grens bereikt (meestal 100), wint wie het minst heeft.</p>
    <p>Huisregels: drie kaarten doorgeven voor elk spel (naar links of op toerbeurt), strafkaarten in de eerste slag, de ruitenboer als min tien, een vast aantal spellen.</p>
  </>
);

const DE = (
  <>
    <h2 id="olsen">Olsen</h2>
    <p>2–4 Spieler (5–6 mit zwei Kartenspielen), ein normales Kartenspiel ohne Joker. Jeder bekommt fünf Karten; eine Karte wird neben dem Stapel aufgedeckt. Wer links vom Geber sitzt, beginnt, und es geht im Uhrzeigersinn weiter.</p>
    <p>Lege eine Karte derselben Farbe oder desselben Werts wie die oberste Karte. <strong>Achten sind frei</strong>: eine Acht darfst du immer legen, und du sagst, welche Farbe dann gilt. Kannst du nichts legen, ziehst du — bis zu drei Karten. Passt keine davon, passt du.</p>
    <p>Wenn du deine vorletzte Karte legst, rufst du <strong>„Olsen!“</strong>. Wer zuerst alle Karten los ist, gewinnt; die anderen werden danach eingestuft, wie viele Karten sie noch haben. Ist der Stapel leer, wird der Ablagestapel (ohne die oberste Karte) zu einem neuen Stapel gemischt.</p>
    <h2 id="vri">Vri åtter</h2>
    <p>2–6 Spieler, gespielt wie Olsen, aber um Punkte: wenn jemand ausgeht, bekommen die anderen Punkte für die Karten, die sie noch haben (Acht 50, Bildkarten 10, Ass 1 oder wie vereinbart, andere Karten ihren Wert). Kommt jemand über 100, ist das Spiel vorbei, und wer die wenigsten Punkte hat, gewinnt.</p>
    <p>Hast du nur noch eine Karte, musst du <strong>„letzte Karte“</strong> sagen. Vergisst du es, dürfen die anderen <strong>auf den Tisch klopfen</strong>, bevor der nächste Spieler etwas tut — dann ziehst du drei Strafkarten.</p>
    <h2 id="vri-variant">Vri åtter (Variante)</h2>
    <p>Vri åtter, wie es eine der Quellen spielt: sechs Karten für jeden, ein Kartenspiel, egal wie viele ihr seid. Eine gezogene Karte darfst du behalten, auch wenn sie passt; niemand darf im ersten Zug wechseln (eine Acht legen oder die Farbe ändern); du darfst mehrere Karten desselben Werts auf einmal legen; und wenn jemand ausgeht, spielen die anderen um die Plätze weiter.</p>
    <h2 id="hausregeln">Hausregeln</h2>
    <p>Wenn du einen Tisch eröffnest, kannst du die Hausregeln aus den Quellen einschalten: mehrere Karten desselben Werts oder derselben Farbe in einem Zug, Zwei/Dame/Ass als Sonderkarten, Svenskevri, kein Wechsel im ersten Zug, keine Acht auf eine Acht, nicht mit einer Acht ausgehen, einmal oder dreimal ziehen, die Zahl der Karten, zwei Kartenspiele und mehr. Jede Regel hat im Formular eine Erklärung in einer Zeile.</p>
    <h2 id="daenisch">Dänisches Olsen</h2>
    <p>Ein Stichspiel aus der Herzen-Familie für 3–5 Spieler. Alle Karten werden ausgeteilt (mit drei oder fünf Spielern werden Zweien herausgenommen, damit es aufgeht). Wer die Kreuz-Zwei hat (mit fünf: die Kreuz-Drei), spielt zum ersten Stich aus.</p>
    <p>Du musst Farbe bedienen, wenn du kannst; die höchste Karte der ausgespielten Farbe nimmt den Stich und spielt zum nächsten aus. Herz darf erst ausgespielt werden, wenn Herz gebrochen ist. Jedes Herz zählt einen Punkt und die Pik-Dame 13. Nimmst du alle Herzen und die Pik-Dame, hast du <strong>den Mond geschossen</strong>: du bekommst 0 und alle anderen 26. Erreicht jemand die Grenze (meist 100), gewinnt, wer am wenigsten hat.</p>
    <p>Hausregeln: drei Karten vor jedem Spiel weitergeben (nach links oder reihum), Strafkarten im ersten Stich, der Karo-Bube als minus zehn, eine feste Zahl von Spielen.</p>
  </>
);

const PAGES: Record<Lang, JSX.Element> = { nb: NB, en: EN, nl: NL, de: DE };

export function RulesPage({ prefs }: { prefs: Prefs }) {
  const { t, lang } = prefs;
  return (
    <article class="rules">
      <h1>{t.rules}</h1>
      {PAGES[lang]}
      <h2>{t.rulesAllHouse}</h2>
      <RuleList keys={SHEDDING_RULES} lang={lang} />
      <h2>{t.rulesDanishHouse}</h2>
      <RuleList keys={HEARTS_RULES} lang={lang} />
    </article>
  );
}

/** The rules, written for the app, in Norwegian and English. */
import { gameInfo } from '@olsen/engine';
import { HOUSE_RULE_TEXT } from './house-rules.js';
import type { Lang } from './i18n.js';

// The house rules as the engine lists them (one table for the form, this page and the CLI).
const SHEDDING_RULES = gameInfo('olsen').options.map((o) => o.name);
const HEARTS_RULES = gameInfo('olsen-dk').options.map((o) => o.name);

function RuleList({ keys, lang }: { keys: readonly string[]; lang: Lang }) {
  return (
    <ul class="rule-list">
      {keys.map((k) => (
        <li key={k}>{HOUSE_RULE_TEXT[k][lang]}</li>
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

export function RulesPage({ lang }: { lang: Lang }) {
  return (
    <article class="rules">
      <h1>{lang === 'nb' ? 'Regler' : 'Rules'}</h1>
      {lang === 'nb' ? NB : EN}
      <h2>{lang === 'nb' ? 'Alle husregler for Olsen og Vri åtter' : 'Every house rule for Olsen and Vri åtter'}</h2>
      <RuleList keys={SHEDDING_RULES} lang={lang} />
      <h2>{lang === 'nb' ? 'Husregler for dansk Olsen' : 'House rules for Danish Olsen'}</h2>
      <RuleList keys={HEARTS_RULES} lang={lang} />
    </article>
  );
}

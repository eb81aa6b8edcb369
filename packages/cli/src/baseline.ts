/**
 * A plain JavaScript Olsen loop (arrays of card objects, a fresh list of
 * options each decision) playing the same random policy as the benchmark.
 * It is the yardstick the simulator tier is compared with, and an
 * independent second reading of the rules: its actions per game must agree
 * with the simulator's within noise.
 */
interface Card {
  suit: number;
  rank: number;
}
interface Option {
  kind: 'play' | 'draw' | 'pass';
  card?: Card;
  suit?: number;
}

/** Mulberry32: the baseline's own small RNG. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function playBaselineGames(games: number, seed: number): { actions: number; seconds: number } {
  const random = rng(seed);
  const players = 4;
  let actions = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const deck: Card[] = [];
    for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) deck.push({ suit: s, rank: r });
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    const hands: Card[][] = [[], [], [], []];
    for (let i = 0; i < 5; i++) for (let p = 0; p < players; p++) hands[p].push(deck.pop()!);
    let stock = deck;
    let top = stock.pop()!;
    while (top.rank === 6) {
      stock.splice(Math.floor(random() * stock.length), 0, top);
      top = stock.pop()!;
    }
    let discard: Card[] = [top];
    let active = top.suit;
    let turn = 0;
    let draws = 0;
    let voluntary = false;
    let drawn: Card | null = null;
    let passes = 0;
    const fits = (c: Card): boolean => c.rank === 6 || c.suit === active || (c.rank === top.rank && top.rank !== 6);
    const canDraw = (): boolean => stock.length > 0 || discard.length > 1;
    for (;;) {
      const hand = hands[turn];
      const options: Option[] = [];
      const addPlay = (c: Card): void => {
        if (c.rank === 6) for (let s = 0; s < 4; s++) options.push({ kind: 'play', card: c, suit: s });
        else options.push({ kind: 'play', card: c });
      };
      if (draws === 0) {
        for (const c of hand) if (fits(c)) addPlay(c);
        if (canDraw()) options.push({ kind: 'draw' });
        else if (options.length === 0) options.push({ kind: 'pass' });
      } else if (drawn && fits(drawn)) addPlay(drawn);
      else if (voluntary || draws >= 3 || !canDraw()) options.push({ kind: 'pass' });
      else options.push({ kind: 'draw' });
      const o = options[Math.floor(random() * options.length)];
      actions++;
      if (o.kind === 'play') {
        const c = o.card!;
        hand.splice(hand.indexOf(c), 1);
        discard.push(c);
        top = c;
        active = o.suit ?? c.suit;
        passes = 0;
        if (hand.length === 0) break;
      } else if (o.kind === 'draw') {
        if (draws === 0) voluntary = hand.some(fits);
        if (stock.length === 0) {
          stock = discard.slice(0, -1);
          discard = [top];
          for (let i = stock.length - 1; i > 0; i--) {
            const j = Math.floor(random() * (i + 1));
            [stock[i], stock[j]] = [stock[j], stock[i]];
          }
        }
        drawn = stock.pop()!;
        hand.push(drawn);
        draws++;
        passes = 0;
        continue;
      } else if (draws === 0 && ++passes >= players) break;
      turn = (turn + 1) % players;
      draws = 0;
      voluntary = false;
      drawn = null;
    }
  }
  return { actions, seconds: (performance.now() - t0) / 1000 };
}

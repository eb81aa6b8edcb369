/**
 * The computer players' levels and names: the one list of each, with nothing
 * heavy behind them, so the protocol's schemas and a page's menus can import
 * them (`@olsen/bots/levels`) without the bots themselves.
 */

/**
 * Every level, in the order a menu offers them: weakest first (`easy` is `greedy` with one move in five at
 * random, so it plays below `greedy`), so a menu reads as a ladder.
 */
export const LEVELS = ['random', 'easy', 'greedy', 'medium', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

/** The names computer players sit under, in the order seats are filled. */
export const BOT_NAMES: readonly string[] = ['Kari', 'Ola', 'Siri', 'Per', 'Ingrid', 'Nils'];

/**
 * A name for a computer player in `seat` that no one in `taken` has: the
 * list's names from the seat on, then a name with the seat's number.
 */
export function botName(seat: number, taken: ReadonlySet<string> | readonly string[] = []): string {
  const has = (name: string): boolean => ('has' in taken ? taken.has(name) : taken.includes(name));
  for (let k = 0; k < BOT_NAMES.length; k++) {
    const name = BOT_NAMES[(seat + k) % BOT_NAMES.length];
    if (!has(name)) return name;
  }
  return `${BOT_NAMES[seat % BOT_NAMES.length]} ${seat + 1}`;
}

/**
 * How often a computer player of each level forgets the last-card call (S18)
 * when it lays its second-to-last card, so a person can catch it (S20):
 * highest at `easy` (a beginner), none at the search levels. The computer
 * never forgets for a person it plays for (a stand-in, the turn timer).
 */
export const FORGETS_CALL: Readonly<Record<Level, number>> = { random: 0.2, easy: 0.3, greedy: 0.15, medium: 0.1, hard: 0, expert: 0 };

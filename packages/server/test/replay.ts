/** Replays a finished game's record step by step: the game at every version, for checking what clients saw. */
import { applyAction, createGame, createHeartsGame, createHeartsRound, createRound, type AnyGame, type Deal, type HeartsDeal, type GameRecord } from '@olsen/engine';

export interface Step {
  readonly game: AnyGame;
  /** The action applied to this state next (absent after a round's last action). */
  readonly next?: unknown;
}

export function replaySteps(record: GameRecord): Map<number, Step> {
  const byVersion = new Map<number, Step>();
  let g: AnyGame | null = null;
  record.rounds.forEach((round, i) => {
    const r0 = record.game === 'olsen-dk'
      ? (i === 0 ? createHeartsGame({ rules: record.rules, players: record.players, deal: round.deal as HeartsDeal, dealer: round.dealer }) : createHeartsRound(g as never, round.dealer, round.deal as HeartsDeal))
      : (i === 0 ? createGame({ game: record.game, rules: record.rules, players: record.players, deal: round.deal as Deal, dealer: round.dealer }) : createRound(g as never, round.dealer, round.deal as Deal));
    if (!r0.ok) throw new Error(r0.error.message);
    g = r0.value;
    for (const a of round.actions) {
      byVersion.set(g.version, { game: g, next: a });
      const r = applyAction(g, a);
      if (!r.ok) throw new Error(r.error.message);
      g = r.value;
    }
    byVersion.set(g.version, { game: g });
  });
  return byVersion;
}

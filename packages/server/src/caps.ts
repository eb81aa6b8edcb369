/**
 * Caps on what runs: games and search-level bots per host guest, per address
 * the table was made from, and per process (README, "Limits"), checked when a
 * game is about to start.
 */
import { stageOf } from '@olsen/engine';
import type { ErrorReply } from '@olsen/protocol';
import { SEARCH_LEVELS } from './bot-pool.js';
import type { Limits } from './config.js';
import type { LiveTable } from './live-table.js';
import type { StoredSeat } from './ports.js';

/** Search-level bots among seats (bots, and computer stand-ins for people who left). */
export const searchBots = (seats: readonly StoredSeat[]): number =>
  seats.reduce((n, s) => n + ((s.kind === 'bot' && SEARCH_LEVELS.has(s.level)) || (s.kind === 'human' && s.standIn !== null && SEARCH_LEVELS.has(s.standIn)) ? 1 : 0), 0);

const refuse = (message: string): ErrorReply => ({ ok: false, error: { code: 'over_limit', message } });

/** Whether `x` holds a game that is still being played. */
const isRunning = (x: LiveTable): boolean => x.game !== null && x.row.status !== 'closed' && stageOf(x.game) !== 'gameOver';

/**
 * The games running here, indexed for the caps: by host guest and by address
 * (small sets, exact at each look) and in all (recounted at most every
 * `RECOUNT_MS`, with the games started since added on: the process-wide caps
 * may count a game that ended in that moment, never miss one that runs). A
 * scan of every table on each start was 3–6 % of the server's CPU at 5,000
 * players.
 *
 * Tables enter when their game starts (`add`) and leave when they are seen
 * stopped or no longer held (`held`).
 */
export class RunningGames {
  private readonly all = new Set<LiveTable>();
  private readonly byHost = new Map<string, Set<LiveTable>>();
  private readonly byAddress = new Map<string, Set<LiveTable>>();
  private counted = { at: -Infinity, running: 0, bots: 0 };

  constructor(
    /** The table is the one this process holds under its code (not an evicted copy). */
    private readonly held: (t: LiveTable) => boolean,
    private readonly now: () => number = () => performance.now(),
  ) {}

  add(t: LiveTable): void {
    if (this.all.has(t)) return;
    this.all.add(t);
    index(this.byHost, t.row.host, t);
    if (t.hostAddress !== null) index(this.byAddress, t.hostAddress, t);
    this.counted.running++;
    this.counted.bots += searchBots(t.row.seats);
  }

  /** A refusal if one more running game at `t` (with `seats`) would pass a cap, else null. */
  refusal(t: LiveTable, seats: readonly StoredSeat[], L: Limits): ErrorReply | null {
    const host = this.within(this.byHost.get(t.row.host), t);
    const address = t.hostAddress === null ? null : this.within(this.byAddress.get(t.hostAddress), t);
    const { running, bots } = this.totals(t);
    const mine = searchBots(seats);
    if (host.running >= L.runningPerGuest) return refuse(`You already have ${host.running} games running at tables you made (at most ${L.runningPerGuest}); finish or leave one first.`);
    if (address && address.running >= L.runningPerAddress) return refuse(`Your address already has ${address.running} games running (at most ${L.runningPerAddress}); finish one first.`);
    if (running >= L.runningTables) return refuse(`The server runs ${running} games, as many as it takes; try again in a while.`);
    if (mine > 0) {
      if (host.bots + mine > L.searchBotsPerGuest) return refuse(`Your games would have ${host.bots + mine} hard or expert computer players (at most ${L.searchBotsPerGuest}); choose an easier level or finish a game.`);
      if (address && address.bots + mine > L.searchBotsPerAddress) return refuse(`Games from your address would have ${address.bots + mine} hard or expert computer players (at most ${L.searchBotsPerAddress}); choose an easier level.`);
      if (bots + mine > L.searchBots) return refuse(`The server has ${bots} hard or expert computer players thinking (at most ${L.searchBots}); choose an easier level or try again later.`);
    }
    return null;
  }

  /** Running games and their search bots in one index set, other than `t`; stopped ones leave it. */
  private within(set: Set<LiveTable> | undefined, t: LiveTable): { running: number; bots: number } {
    let running = 0, bots = 0;
    if (!set) return { running, bots };
    for (const x of set) {
      if (!this.live(x) || x === t) continue;
      running++;
      bots += searchBots(x.row.seats);
    }
    return { running, bots };
  }

  /** The process-wide figures (`t` left out when counted afresh), recounted when the last count is older than `RECOUNT_MS`. */
  private totals(t: LiveTable): { running: number; bots: number } {
    const now = this.now();
    if (now - this.counted.at >= RECOUNT_MS) this.counted = { at: now, ...this.within(this.all, t) };
    return this.counted;
  }

  /** Whether `x` still runs here; if not, it leaves every index. */
  private live(x: LiveTable): boolean {
    if (this.held(x) && isRunning(x)) return true;
    this.remove(x);
    return false;
  }

  /** A table this process no longer holds (a turn-based one resting in the store): out of every index at once, so it is not kept in memory by them. */
  remove(x: LiveTable): void {
    if (!this.all.delete(x)) return;
    unindex(this.byHost, x.row.host, x);
    if (x.hostAddress !== null) unindex(this.byAddress, x.hostAddress, x);
    this.counted.at = -Infinity;
  }
}

/**
 * How old the process-wide count may be (ms) before a start counts again. A recount looks at every table held
 * here; once a second it was 1.7 % of the server's CPU at 2,000 players (ten games start a second), and a game
 * that ended in the last ten seconds counting against the process-wide caps costs nothing anyone sees.
 */
export const RECOUNT_MS = 10_000;

function index(m: Map<string, Set<LiveTable>>, key: string, t: LiveTable): void {
  let set = m.get(key);
  if (!set) m.set(key, (set = new Set()));
  set.add(t);
}

function unindex(m: Map<string, Set<LiveTable>>, key: string, t: LiveTable): void {
  const set = m.get(key);
  if (!set) return;
  set.delete(t);
  if (set.size === 0) m.delete(key);
}

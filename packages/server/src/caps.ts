/**
 * Caps on what runs: games and search-level bots per host guest, per address
 * the table was made from, and per process (README, "Limits"). A pure check
 * over the tables this process holds, made when a game is about to start.
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

/** A refusal if one more running game at `t` (with `seats`) among `tables` would pass a cap, else null. */
export function capRefusal(tables: Iterable<LiveTable>, t: LiveTable, seats: readonly StoredSeat[], L: Limits): ErrorReply | null {
  const host = t.row.host;
  const address = t.hostAddress;
  let running = 0, ofHost = 0, ofAddress = 0, bots = 0, botsOfHost = 0, botsOfAddress = 0;
  for (const x of tables) {
    if (x === t || !x.game || x.row.status === 'closed' || stageOf(x.game) === 'gameOver') continue;
    const b = searchBots(x.row.seats);
    running++;
    bots += b;
    if (x.row.host === host) {
      ofHost++;
      botsOfHost += b;
    }
    if (address !== null && x.hostAddress === address) {
      ofAddress++;
      botsOfAddress += b;
    }
  }
  const mine = searchBots(seats);
  if (ofHost >= L.runningPerGuest) return refuse(`You already have ${ofHost} games running at tables you made (at most ${L.runningPerGuest}); finish or leave one first.`);
  if (address !== null && ofAddress >= L.runningPerAddress) return refuse(`Your address already has ${ofAddress} games running (at most ${L.runningPerAddress}); finish one first.`);
  if (running >= L.runningTables) return refuse(`The server runs ${running} games, as many as it takes; try again in a while.`);
  if (mine > 0) {
    if (botsOfHost + mine > L.searchBotsPerGuest) return refuse(`Your games would have ${botsOfHost + mine} hard or expert computer players (at most ${L.searchBotsPerGuest}); choose an easier level or finish a game.`);
    if (address !== null && botsOfAddress + mine > L.searchBotsPerAddress) return refuse(`Games from your address would have ${botsOfAddress + mine} hard or expert computer players (at most ${L.searchBotsPerAddress}); choose an easier level.`);
    if (bots + mine > L.searchBots) return refuse(`The server has ${bots} hard or expert computer players thinking (at most ${L.searchBots}); choose an easier level or try again later.`);
  }
  return null;
}

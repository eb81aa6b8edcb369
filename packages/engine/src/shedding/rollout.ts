/**
 * Random playouts: the policy every benchmark and every MCTS rollout uses.
 * Each decision is uniform over the legal actions of the player to act, in
 * the order `Sim.generate` lists them, drawing from the caller's RNG with
 * `pick` only when there is a choice; the last-card call is always made.
 *
 * For the common rule sets (`sim.fused`) the whole turn loop runs on local
 * variables with no calls per step; it makes exactly the choices the
 * generic generate/apply loop makes from the same RNG (a test checks it).
 */
import { EIGHT } from '../core/card.js';
import { pick, scale } from '../core/rng.js';
import {
  O_ACTIVE,
  O_DISCARD,
  O_DISCARD_LEN,
  O_DRAWS,
  O_GROUP,
  O_HAND_COUNT,
  O_HANDS,
  O_LAZY,
  O_PASS_STREAK,
  O_PENDING,
  O_PHASE,
  O_RNG,
  O_STOCK,
  O_STOCK_LEN,
  O_TOP,
  O_TO_MOVE,
  O_WINDOW,
  O_ACTIVE_PLAYERS,
  O_BLOCKED,
  O_OUT,
  O_PLACE,
  O_WINNER,
  P_TURN,
  type Sim,
} from './sim.js';

const EIGHT_BIT = 1 << EIGHT;
/** Population counts of 13-bit suit masks. */
const POP = new Uint8Array(1 << 13);
for (let i = 1; i < POP.length; i++) POP[i] = POP[i >> 1] + (i & 1);

const scratch = new Int32Array(512);

/**
 * Plays uniformly random legal actions until the round ends, or until the
 * first turn boundary after `maxActions` actions. `policy` holds the policy's sfc32 state at `policy[0..3]`.
 * Returns the number of actions made.
 */
export function rollout(sim: Sim, policy: Int32Array, maxActions = Number.MAX_SAFE_INTEGER): number {
  const st = sim.st;
  let actions = 0;
  // Finish a turn in progress (and anything unusual) with the generic loop.
  while (actions < maxActions && st[O_PHASE] <= 1 && !(sim.fused && st[O_PHASE] === P_TURN && st[O_DRAWS] === 0 && st[O_GROUP] === 0 && st[O_PENDING] === 0)) {
    const n = sim.generate(scratch);
    sim.apply(scratch[n === 1 ? 0 : pick(policy, 0, n)]);
    actions++;
  }
  if (actions >= maxActions || st[O_PHASE] > 1) return actions;
  return actions + fusedRollout(sim, policy, maxActions - actions);
}

function fusedRollout(sim: Sim, policy: Int32Array, maxActions: number): number {
  const st = sim.st;
  const players = sim.players;
  const maxDraws = sim.rules.maxDraws === 0 ? 1 << 30 : sim.rules.maxDraws;
  let p0 = policy[0], p1 = policy[1], p2 = policy[2], p3 = policy[3];
  // The game's own RNG (lazy reshuffle draws), also on locals until the end.
  let g0 = st[O_RNG], g1 = st[O_RNG + 1], g2 = st[O_RNG + 2], g3 = st[O_RNG + 3];
  let lazy = st[O_LAZY] !== 0;
  let seat = st[O_TO_MOVE];
  let top = st[O_TOP];
  let active = st[O_ACTIVE];
  let stockLen = st[O_STOCK_LEN];
  let discardLen = st[O_DISCARD_LEN];
  let passStreak = st[O_PASS_STREAK];
  let actions = 0;
  st[O_WINDOW] = -1;
  let over = false;
  while (actions < maxActions) {
    const h = O_HANDS + seat * 8;
    const m0 = st[h], m1 = st[h + 1], m2 = st[h + 2], m3 = st[h + 3];
    const topRank = top & 15;
    const suitMask = st[h + active] & ~EIGHT_BIT;
    const nA = POP[suitMask];
    let rankSuits = 0; // bit per suit holding a card of the top's rank (other than the active suit)
    if (topRank !== EIGHT) {
      const rb = 1 << topRank;
      rankSuits = ((m0 & rb) !== 0 ? 1 : 0) | ((m1 & rb) !== 0 ? 2 : 0) | ((m2 & rb) !== 0 ? 4 : 0) | ((m3 & rb) !== 0 ? 8 : 0);
      rankSuits &= ~(1 << active);
    }
    const eightSuits = ((m0 >> EIGHT) & 1) | (((m1 >> EIGHT) & 1) << 1) | (((m2 >> EIGHT) & 1) << 2) | (((m3 >> EIGHT) & 1) << 3);
    const nR = POP[rankSuits];
    const plays = nA + nR + 4 * POP[eightSuits];
    const canDraw = stockLen > 0 || discardLen > 1;
    const n = plays + 1; // the plays, then a draw (or a pass when nothing can be drawn)
    actions++;
    let card = -1;
    let named = -1;
    let k = 0;
    if (n > 1) {
      // sfc32 step on locals (no closure: captured variables would live on the heap).
      const t = (((p0 + p1) | 0) + p3) | 0;
      p3 = (p3 + 1) | 0;
      p0 = p1 ^ (p1 >>> 9);
      p1 = (p2 + (p2 << 3)) | 0;
      p2 = (((p2 << 21) | (p2 >>> 11)) + t) | 0;
      k = ((t >>> 16) * n) >>> 16; // as rng.pick
    }
    if (k < plays) {
      if (k < nA) {
        let m = suitMask;
        while (k-- > 0) m &= m - 1;
        card = (active << 4) | (31 - Math.clz32(m & -m));
      } else if (k < nA + nR) {
        let m = rankSuits;
        k -= nA;
        while (k-- > 0) m &= m - 1;
        card = ((31 - Math.clz32(m & -m)) << 4) | topRank;
      } else {
        k -= nA + nR;
        let m = eightSuits;
        let e = k >> 2;
        while (e-- > 0) m &= m - 1;
        card = ((31 - Math.clz32(m & -m)) << 4) | EIGHT;
        named = k & 3;
      }
    } else if (!canDraw) {
      // Nothing to draw: pass (S17); a whole circle of such passes blocks the round.
      if (++passStreak >= players) {
        over = true;
        st[O_BLOCKED] = 1;
        break;
      }
      seat = seat + 1 === players ? 0 : seat + 1;
      continue;
    } else {
      // Draw: voluntary when a play was possible (S12, S14).
      const voluntary = plays > 0;
      let draws = 0;
      passStreak = 0;
      for (;;) {
        let c = -1;
        if (stockLen === 0) {
          // S16: reshuffle (the simulator does it on the written-back state).
          st[O_STOCK_LEN] = 0;
          st[O_DISCARD_LEN] = discardLen;
          st[O_TOP] = top;
          if (sim.reshuffle()) {
            stockLen = st[O_STOCK_LEN];
            discardLen = 1;
            lazy = true;
          }
        }
        if (stockLen > 0) {
          const at = O_STOCK + --stockLen;
          c = st[at];
          if (lazy && stockLen > 0) {
            const t = (((g0 + g1) | 0) + g3) | 0;
            g3 = (g3 + 1) | 0;
            g0 = g1 ^ (g1 >>> 9);
            g1 = (g2 + (g2 << 3)) | 0;
            g2 = (((g2 << 21) | (g2 >>> 11)) + t) | 0;
            const j = O_STOCK + scale(t, stockLen + 1);
            c = st[j];
            st[j] = st[at];
          }
        }
        draws++;
        if (c >= 0) {
          const i = h + (c >> 4);
          const bit = 1 << (c & 15);
          if (st[i] & bit) st[i + 4] |= bit;
          else st[i] |= bit;
          st[O_HAND_COUNT + seat]++;
          if ((c & 15) === EIGHT || c >> 4 === active || ((c & 15) === topRank && topRank !== EIGHT)) {
            // S13: the drawn card fits and is played at once.
            actions++;
            card = c;
            if ((c & 15) === EIGHT) {
              const t = (((p0 + p1) | 0) + p3) | 0;
              p3 = (p3 + 1) | 0;
              p0 = p1 ^ (p1 >>> 9);
              p1 = (p2 + (p2 << 3)) | 0;
              p2 = (((p2 << 21) | (p2 >>> 11)) + t) | 0;
              named = ((t >>> 16) * 4) >>> 16;
            }
            break;
          }
        }
        actions++;
        if (voluntary || draws >= maxDraws || !(stockLen > 0 || discardLen > 1)) break; // pass
        // Another forced draw follows (counted above).
      }
      if (card < 0) {
        seat = seat + 1 === players ? 0 : seat + 1;
        continue;
      }
    }
    // Lay `card` (S8–S11).
    const i = h + (card >> 4);
    const bit = 1 << (card & 15);
    if (st[i + 4] & bit) st[i + 4] &= ~bit;
    else st[i] &= ~bit;
    const left = --st[O_HAND_COUNT + seat];
    st[O_DISCARD + discardLen++] = card;
    top = card;
    active = named >= 0 ? named : card >> 4;
    passStreak = 0;
    if (left === 0) {
      // S21: out; the round (and in ranking games the game) is over.
      st[O_PLACE + seat] = ++st[O_OUT];
      st[O_ACTIVE_PLAYERS]--;
      if (st[O_WINNER] < 0) st[O_WINNER] = seat;
      over = true;
      break;
    }
    seat = seat + 1 === players ? 0 : seat + 1;
  }
  policy[0] = p0;
  policy[1] = p1;
  policy[2] = p2;
  policy[3] = p3;
  st[O_RNG] = g0;
  st[O_RNG + 1] = g1;
  st[O_RNG + 2] = g2;
  st[O_RNG + 3] = g3;
  st[O_TOP] = top;
  st[O_ACTIVE] = active;
  st[O_STOCK_LEN] = stockLen;
  st[O_DISCARD_LEN] = discardLen;
  st[O_PASS_STREAK] = passStreak;
  st[O_TO_MOVE] = seat;
  if (over) sim.endRound();
  return actions;
}

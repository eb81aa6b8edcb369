/**
 * The simulator's vocabulary: action codes, phases, error flags and the
 * layout of the state array. Every field of the state is one int32 at a fixed
 * offset; the comment beside each offset says what it holds.
 */
// ---- action codes -------------------------------------------------------
import { A_PLAY } from '../core/codes.js';

export { A_PLAY, cardOfAction, kindOf } from '../core/codes.js';
export const A_DRAW = 1;
export const A_PASS = 2;
export const A_CALL = 3;
export const A_CATCH = 4;
export const A_NAME = 5;
/** Play flag: the last-card call is made with this play. */
export const F_CALL = 1 << 12;
/** Play flag: more cards of the same move follow (multi-card house rules). */
export const F_MORE = 1 << 13;

export const suitOfAction = (a: number): number => ((a >> 9) & 7) - 1;
export const seatOfAction = (a: number): number => (a >> 3) & 7;
export const playCode = (card: number, suit = -1, call = false, more = false): number =>
  A_PLAY | (card << 3) | ((suit + 1) << 9) | (call ? F_CALL : 0) | (more ? F_MORE : 0);
export const catchCode = (by: number): number => A_CATCH | (by << 3);
export const nameCode = (suit: number): number => A_NAME | ((suit + 1) << 9);

// ---- phases and errors --------------------------------------------------
export const P_TURN = 0;
export const P_NAME = 1;
export const P_ROUND_OVER = 2;
export const P_GAME_OVER = 3;
export const E_NONE = 0;
/** A reshuffle (S16) or an eight pushed back (S5) needed a seed the deal lacks. */
export const E_NEED_SEED_S16 = 1;
export const E_NEED_SEED_S5 = 2;

// ---- state layout (offsets into the Int32Array) -------------------------
export const MAX_SEATS = 6;
export const MAX_CARDS = 104;
export const O_PLAYERS = 0; // number of seats, e.g. 4
export const O_PHASE = 1; // P_TURN | P_NAME | P_ROUND_OVER | P_GAME_OVER
export const O_TO_MOVE = 2; // seat whose turn it is
export const O_DIR = 3; // +1 clockwise, players-1 after an odd number of ace reversals
export const O_DEALER = 4; // dealer of this round
export const O_TOP = 5; // card on top of the discard pile
export const O_ACTIVE = 6; // active suit 0..3 (the named suit when an eight is on top)
export const O_DRAWS = 7; // draws made in this turn
export const O_VOLUNTARY = 8; // 1 when the turn's first draw was made while holding a legal card
export const O_DRAWN = 9; // last card drawn this turn, -1 if none
export const O_STOCK_LEN = 10; // cards in the stock; its top is stock[len-1]
export const O_DISCARD_LEN = 11; // cards in the discard pile including the top
export const O_PASS_STREAK = 12; // consecutive turns passed without a play or a draw (S17)
export const O_PENDING = 13; // cards a stacked draw-two makes the player to move take (S-V8)
export const O_WINDOW = 14; // seat that may be caught for a forgotten call, -1 if none (S20)
export const O_GROUP = 15; // multi-card move in progress: 0 none, 1 undecided, 2 same rank, 3 same suit
export const O_GROUP_COUNT = 16; // cards laid so far in this move
export const O_ROUND = 17; // round number, 0-based
export const O_ACTIVE_PLAYERS = 18; // seats still holding cards in this round
export const O_OUT = 19; // seats that have gone out this round
export const O_WINNER = 20; // first seat out this round, -1 if none
export const O_BLOCKED = 21; // 1 when the round ended blocked (S17)
export const O_FIRST_TURN = 22; // bit per seat: its restricted first turn (S-V6) is still to come
export const O_RNG_OK = 23; // 1 when a seed is known for shuffles during play
export const O_ERROR = 24; // E_* set when an action could not be completed
export const O_LAZY = 29; // 1 once the stock came from a reshuffle: it is shuffled card by card as drawn
export const O_UPCARD = 30; // the card turned up to start this round's discard pile (public)
export const O_RNG = 25; // four int32 words of sfc32 state (25..28)
export const O_HAND_COUNT = 32; // cards per seat (6)
export const O_PLACE = 38; // place per seat this round, 0 while still playing (6)
export const O_TOTAL = 44; // running point totals per seat (6)
export const O_POINTS = 50; // points of the last finished round per seat (6)
export const O_HANDS = 56; // per seat 8 masks: 4 suits first copy, 4 suits second copy
export const O_DISCARD = O_HANDS + MAX_SEATS * 8; // discard pile, bottom first; the top is the last (104)
export const O_STOCK = O_DISCARD + MAX_CARDS; // stock cards, bottom first (104)
export const STATE_SIZE = O_STOCK + MAX_CARDS;


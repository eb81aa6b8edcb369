/**
 * @olsen/table — the table runner: every place that runs a game (the server,
 * the web app's worker, the terminal, the tournament, the benches) drives it
 * through `Table`, so a game is driven one way. Hosts bring the clock, where
 * timed steps wait, where moves are written and where bots think
 * (`TablePorts`); `VirtualTable` runs the steps at once, in their order, for
 * the terminal and the tournament.
 */
export { Table, fail, type BotAnswer, type BotRequest, type FrameBase, type Mark, type Move, type Outcome, type Step, type TableConfig, type TablePorts } from './table.js';
export { HUMANE, INSTANT, CALM_CATCH_MS, CATCH_SHARE, THINK_SHARE, pace, paceAt, type Pace, type PaceOptions } from './pace.js';
export { computerFor, fillSeats, freeName, seatInfo, seatNames, seatOfPlayer, seatsFor, withSeat, type SeatRequest, type TableSeat } from './seats.js';
export { VirtualTable, type VirtualOptions } from './virtual.js';
export { BOT_NAMES, LEVELS, botName, type Level } from '@olsen/bots/levels';

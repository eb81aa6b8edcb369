/** A worker thread of `olsen tournament --workers N`: plays its share of the games and sends the tallies back. */
import { parentPort, workerData } from 'node:worker_threads';
import { playGames, type TournamentOptions } from './tournament.js';

const { options, games } = workerData as { options: TournamentOptions; games: number[] };
const tallies = await playGames(options, games, () => parentPort?.postMessage({ tick: true }));
parentPort?.postMessage({ tallies });

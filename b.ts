import { simGames } from './packages/cli/src/bench.ts';
import { playBaselineGames } from './packages/cli/src/baseline.ts';
for (let i = 0; i < 4; i++) {
const r = simGames(200000, 'bench');
const b = playBaselineGames(200000, 1);
console.log('sim', (r.actions / r.seconds / 1e6).toFixed(2), 'M/s', (r.actions / 200000).toFixed(3), ' base', (b.actions / b.seconds / 1e6).toFixed(2), (b.actions/200000).toFixed(3));
}

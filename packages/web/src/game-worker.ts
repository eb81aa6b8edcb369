/**
 * The game worker: the engine and the bots off the main thread. It runs the
 * offline game (the person in seat 0, bots elsewhere) and answers hints and
 * replays for online games too. The page never applies a rule itself: it
 * shows the views this worker (or the server) sends.
 */
import { isHeartsGame, recordOf, replaySteps, resultOf, viewOf } from '@olsen/engine';
import { OfflineTable } from './offline-table.js';
import type { ReplayStep, WorkerMessage, WorkerReply, WorkerRequest } from './worker-protocol.js';

const post = (m: WorkerMessage): void => (self as unknown as Worker).postMessage(m);

/** The offline game: the table runner with the page's timers; every frame goes to the page. */
const offline = new OfflineTable((update) => post({ t: 'update', update }));

/** A finished game's record, step by step (the engine replays it): the public view and every hand at each step. */
function replay(raw: unknown): WorkerReply {
  const r = replaySteps(raw);
  if (!r.ok) return { ok: false, error: { code: 'bad_message', message: r.error.message, rule: r.error.rule } };
  const steps: ReplayStep[] = r.value.map(({ game: x }) => ({ view: viewOf(x, null), hands: x.players.map((_, s) => [...(viewOf(x, s).hand ?? [])]) }));
  return { ok: true, steps };
}

async function handle(m: WorkerRequest, id: number): Promise<WorkerReply> {
  switch (m.t) {
    case 'start':
      return offline.start(m.options, m.options.seed ?? `${Date.now()}-${Math.random()}`);
    case 'next':
      return offline.next();
    case 'resume':
      return offline.resume(m.options, m.record);
    case 'rematch':
      return offline.rematch();
    case 'act':
      return offline.act(m.action, m.version);
    case 'record': {
      const game = offline.game;
      return game ? { ok: true, record: recordOf(game), computerMoves: offline.computerMoves(), result: resultOf(game), hearts: isHeartsGame(game) } : { ok: false, error: { code: 'not_started', message: 'No game.' } };
    }
    case 'hint':
      // The hint's reasons in four languages are fetched with the first hint asked for, not with the first deal.
      return { ok: true, hint: (await import('@olsen/bots/hint')).hintFor(m.view, m.lang) };
    case 'replay':
      return replay(m.record);
    case 'analyse':
      // The review's code (and its words in four languages) is fetched when a review is first asked for.
      return (await import('./worker-review.js')).analyse(id, m.record, m.seat, m.lang, post, m.computerMoves);
  }
}

self.onmessage = (e: MessageEvent<{ id: number; req: WorkerRequest }>) => {
  void handle(e.data.req, e.data.id)
    .catch((err: unknown): WorkerReply => ({ ok: false, error: { code: 'internal', message: (err as Error).message } }))
    .then((reply) => post({ t: 'reply', id: e.data.id, reply }));
};

/**
 * The game worker: the engine and the bots off the main thread. It runs the
 * offline game (the person in seat 0, bots elsewhere) and answers hints and
 * replays for online games too. The page never applies a rule itself: it
 * shows the views this worker (or the server) sends.
 */
import { BOT_NAMES, choose, heartsHint, reviewPage, reviewRecord, hint as sheddingHint } from '@olsen/bots';
import { actorsOf, applyAction, parseAction, isHeartsGame, isHeartsView, nextRoundOf, recordOf, replayRecord, replaySteps, resultOf, stageOf, startGame, viewOf, type AnyGame, type Lang, type Seat } from '@olsen/engine';
import { seedFromString } from '@olsen/engine/sim';
import { gameErrorReply, type SeatInfo, type TableUpdate } from '@olsen/protocol';
import type { OfflineOptions, ReplayStep, WorkerMessage, WorkerReply, WorkerRequest } from './worker-protocol.js';


let options: OfflineOptions | null = null;
let game: AnyGame | null = null;
let gameNo = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let nextRoundAt: number | null = null;
const rng = new Int32Array(6);

const post = (m: WorkerMessage): void => (self as unknown as Worker).postMessage(m);

/** The person's seat: 0, or the seat taken over in a game played on from a review. */
const me = (o: OfflineOptions): Seat => o.seat ?? 0;

/** The seats: the person and the bots, named as in the game once there is one. */
function seats(o: OfflineOptions, names?: readonly string[]): SeatInfo[] {
  const bots = BOT_NAMES.filter((n) => n !== o.name);
  return Array.from({ length: o.players }, (_, i): SeatInfo =>
    i === me(o)
      ? { kind: 'human', name: names?.[i] ?? o.name, level: null, connected: true, standIn: false }
      : { kind: 'bot', name: names?.[i] ?? bots[i < me(o) ? i : i - 1], level: o.level, connected: true, standIn: false });
}

function update(): void {
  if (!options || !game) return;
  const stage = stageOf(game);
  const u: TableUpdate = {
    code: 'LOCAL',
    game: options.game,
    status: stage === 'gameOver' ? 'finished' : stage === 'roundOver' ? 'roundOver' : 'playing',
    gameNo,
    seats: seats(options, game.players),
    you: me(options),
    host: 0,
    spectators: 0,
    turnSeconds: null,
    deadline: null,
    nextRoundAt,
    view: viewOf(game, me(options)),
    recordId: null,
  };
  post({ t: 'update', update: u });
}

/** After every change: deal the next round after a pause, or let the bots that may act do so. */
function settle(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  nextRoundAt = null;
  const g = game;
  if (!g || !options) return;
  const stage = stageOf(g);
  // Between rounds the person says when to go on ("Neste runde": the `next` request).
  if (stage === 'playing') {
    const bots = [...actorsOf(g).keys()].filter((s) => s !== me(options!));
    if (bots.length > 0) {
      timer = setTimeout(() => {
        const seat: Seat = bots[0];
        const view = viewOf(g, seat);
        const action = choose(options!.level, view, rng).action;
        const r = applyAction(g, action);
        if (r.ok) {
          game = r.value;
          settle();
        }
      }, options.botDelayMs);
    }
  }
  update();
}

function start(o: OfflineOptions, seed: string): WorkerReply {
  const names = seats(o).map((s) => s.name ?? '?');
  const r = startGame({ game: o.game, rules: o.rules, players: names, seed });
  if (!r.ok) return { ok: false, error: { code: 'bad_options', message: r.error.message, rule: r.error.rule } };
  options = o;
  game = r.value;
  gameNo++;
  seedFromString(rng, 0, `${seed}/bots`);
  settle();
  return { ok: true };
}

/** A finished game's record, step by step (the engine replays it): the public view and every hand at each step. */
function replay(raw: unknown): WorkerReply {
  const r = replaySteps(raw);
  if (!r.ok) return { ok: false, error: { code: 'bad_message', message: r.error.message, rule: r.error.rule } };
  const steps: ReplayStep[] = r.value.map(({ game: x }) => ({ view: viewOf(x, null), hands: x.players.map((_, s) => [...(viewOf(x, s).hand ?? [])]) }));
  return { ok: true, steps };
}

/**
 * The review of one seat's decisions (the same figures as `olsen analyse` with
 * its defaults), with the words in the page's language and the view before
 * each decision. Progress goes to the page as the positions are done.
 */
function analyse(id: number, raw: unknown, seat: Seat, lang: Lang): WorkerReply {
  const r = replaySteps(raw);
  if (!r.ok) return { ok: false, error: { code: 'bad_message', message: r.error.message, rule: r.error.rule } };
  let last = 0;
  const review = reviewRecord(raw, seat, {
    onProgress: (done, total) => {
      const now = Date.now();
      if (now - last > 100 || done === total) post({ t: 'progress', id, done, total });
      last = now;
    },
  });
  return { ok: true, analysis: reviewPage(review, raw, lang) };
}

function handle(m: WorkerRequest, id: number): WorkerReply {
  switch (m.t) {
    case 'start':
      return start(m.options, m.options.seed ?? `${Date.now()}-${Math.random()}`);
    case 'next': {
      if (!game || stageOf(game) !== 'roundOver') return { ok: false, error: { code: 'not_started', message: 'No round to deal.' } };
      const r = nextRoundOf(game);
      if (!r.ok) return { ok: false, error: { code: 'game_over', message: r.error.message } };
      game = r.value;
      settle();
      return { ok: true };
    }
    case 'resume': {
      const r = replayRecord(m.record);
      if (!r.ok) return { ok: false, error: { code: 'bad_message', message: r.error.message } };
      options = m.options;
      game = r.value;
      gameNo++;
      seedFromString(rng, 0, `${Date.now()}/bots`);
      settle();
      return { ok: true };
    }
    case 'rematch':
      return options ? start(options, `${Date.now()}-${Math.random()}`) : { ok: false, error: { code: 'not_started', message: 'No game.' } };
    case 'act': {
      if (!game) return { ok: false, error: { code: 'not_started', message: 'No game.' } };
      if (m.version !== game.version) return { ok: false, error: { code: 'stale_version', message: 'The table has moved on.' } };
      const parsed = parseAction(game, { ...m.action, seat: me(options!) });
      const r = parsed.ok ? applyAction(game, parsed.value) : parsed;
      if (!r.ok) return gameErrorReply(r.error);
      game = r.value;
      settle();
      return { ok: true, version: game.version };
    }
    case 'record':
      return game ? { ok: true, record: recordOf(game), result: resultOf(game), hearts: isHeartsGame(game) } : { ok: false, error: { code: 'not_started', message: 'No game.' } };
    case 'hint': {
      if (isHeartsView(m.view)) {
        return { ok: true, hint: heartsHint(m.view, m.lang) };
      }
      return { ok: true, hint: sheddingHint(m.view, m.lang) };
    }
    case 'replay':
      return replay(m.record);
    case 'analyse':
      return analyse(id, m.record, m.seat, m.lang);
  }
}

self.onmessage = (e: MessageEvent<{ id: number; req: WorkerRequest }>) => {
  let reply: WorkerReply;
  try {
    reply = handle(e.data.req, e.data.id);
  } catch (err) {
    reply = { ok: false, error: { code: 'internal', message: (err as Error).message } };
  }
  post({ t: 'reply', id: e.data.id, reply });
};

/** The game worker's review ("Analyse"): its own chunk, fetched by the worker when a review is first asked for. */
import { reviewPage, reviewRecord, type ComputerMoves } from '@olsen/bots';
import { replaySteps, type Lang, type Seat } from '@olsen/engine';
import type { WorkerMessage, WorkerReply } from './worker-protocol.js';

/**
 * The review of one seat's decisions (the same figures as `olsen analyse` with
 * its defaults), with the words in the page's language and the view before
 * each decision. Progress goes to the page as the positions are done.
 */
export function analyse(id: number, raw: unknown, seat: Seat, lang: Lang, post: (m: WorkerMessage) => void, computerMoves: readonly ComputerMoves[] = []): WorkerReply {
  const r = replaySteps(raw);
  if (!r.ok) return { ok: false, error: { code: 'bad_message', message: r.error.message, rule: r.error.rule } };
  let last = 0;
  const review = reviewRecord(raw, seat, {
    computerMoves,
    onProgress: (done, total) => {
      const now = Date.now();
      if (now - last > 100 || done === total) post({ t: 'progress', id, done, total });
      last = now;
    },
  });
  return { ok: true, analysis: reviewPage(review, raw, lang) };
}


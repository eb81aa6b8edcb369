/** Code fetched when it is first drawn: the pages by route, the table once a game starts. */
import type { VNode } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export /** A page from its chunk: nothing until the chunk is here (a few hundred ms at most on a slow phone), then the page. */
function Lazy<M>({ load, view }: { load: () => Promise<M>; view: (m: M) => VNode }) {
  const [m, setM] = useState<M | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((x) => live && setM(() => x));
    return () => {
      live = false;
    };
  }, [load]);
  return m ? view(m) : <p class="loading" aria-busy="true" />;
}

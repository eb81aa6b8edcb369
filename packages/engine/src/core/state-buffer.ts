/**
 * The storage both simulators share: the state as one Int32Array at offset 0,
 * followed by room for `push`ed copies — make/undo for search without
 * allocating. `load` and `snapshot` move a state in and out.
 */
export class StateBuffer {
  /** The state at offset 0, then the push/pop stack. */
  st: Int32Array;
  private sp = 0;

  constructor(
    /** Int32 words in one state. */
    readonly stateSize: number,
    private readonly maxDepth: number,
  ) {
    this.st = new Int32Array(stateSize * (maxDepth + 1));
  }

  /** Saves the state on the internal stack. */
  push(): void {
    if (this.sp >= this.maxDepth) throw new Error('simulator stack overflow');
    this.sp++;
    this.st.copyWithin(this.sp * this.stateSize, 0, this.stateSize);
  }

  /** Restores the state saved by the matching `push`. */
  pop(): void {
    this.st.copyWithin(0, this.sp * this.stateSize, (this.sp + 1) * this.stateSize);
    this.sp--;
  }

  /** Copies a state (e.g. a snapshot from the public tier) in. */
  load(state: Int32Array): void {
    for (let i = 0; i < this.stateSize; i++) this.st[i] = state[i];
  }

  snapshot(): Int32Array {
    return this.st.slice(0, this.stateSize);
  }
}

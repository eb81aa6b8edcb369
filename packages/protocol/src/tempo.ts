/**
 * A table's pace, chosen at its creation: `calm` gives the computer players
 * twice the time to think and a person at least 4 s to call late (a
 * grandmother's pace), `quick` half the think time; `normal` is the default.
 * Its own module: the web's setup page takes the list without the schemas.
 */
export const TEMPOS = ['calm', 'normal', 'quick'] as const;
export type Tempo = (typeof TEMPOS)[number];

/**
 * The part of a simulator's action code both families share: the low three
 * bits say the kind, a card sits in bits 3–8. Each family's layout adds its
 * own kinds and flags (shedding/sim-layout.ts, hearts/sim.ts).
 */
export const A_PLAY = 0;

export const kindOf = (a: number): number => a & 7;
export const cardOfAction = (a: number): number => (a >> 3) & 63;

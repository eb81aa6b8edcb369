/**
 * What a person shows at their seat beside their name: a face (an emoji) on a colour, each from a fixed list —
 * no pictures and no free text, so a table of children stays safe. Chosen once on a device, carried in the
 * guest token, copied into a seat when the person sits down.
 */
export const AVATAR_FACES = ['🦊', '🐻', '🐼', '🐸', '🐱', '🐶', '🦉', '🐧', '🐢', '🐙', '🦄', '🐝', '🌻', '⭐', '🚀', '⚓'] as const;
export const AVATAR_COLORS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;

export interface Avatar {
  readonly face: (typeof AVATAR_FACES)[number];
  readonly color: (typeof AVATAR_COLORS)[number];
}

/** An avatar from the lists (anything else: no avatar). */
export function isAvatar(x: unknown): x is Avatar {
  if (typeof x !== 'object' || x === null) return false;
  const a = x as Record<string, unknown>;
  return Object.keys(a).length === 2 && (AVATAR_FACES as readonly unknown[]).includes(a.face) && (AVATAR_COLORS as readonly unknown[]).includes(a.color);
}

/** The fixed reactions (issue 38): emoji, and short phrases each reader sees in their own language. */
export const REACTIONS = ['thumbsUp', 'laugh', 'wow', 'clap', 'heart', 'oops', 'hello', 'wellPlayed', 'lucky', 'thanks'] as const;
export type Reaction = (typeof REACTIONS)[number];
/** The reactions that are a picture in every language (the others are phrases). */
export const REACTION_EMOJI: Partial<Record<Reaction, string>> = { thumbsUp: '👍', laugh: '😄', wow: '😮', clap: '👏', heart: '❤️', oops: '🙈' };

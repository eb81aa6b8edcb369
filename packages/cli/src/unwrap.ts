/** The value of an engine `Result`; its error as an exception (the commands' own games never fail: a failure is a bug). */
export const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

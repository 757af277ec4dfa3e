/** The worker's one source of randomness for rules that draw (core takes it as an argument, never calls it). */
export const randomUint32 = (): number => crypto.getRandomValues(new Uint32Array(1))[0]!;

/** A uniform number in [0, 1) from the same source. */
export const randomUnit = (): number => randomUint32() / 2 ** 32;

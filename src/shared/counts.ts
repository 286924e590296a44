// Counts as the farm reads them: thousands grouped with a space (en-ZA), and "1 crate" but "2 crates".
// No zod, no React: the landing page, every screen and the server's texts can use it.

const countFormat = new Intl.NumberFormat('en-ZA');

/** 1234 → "1 234" (the space is non-breaking, as Intl gives it). */
export const formatCount = (n: number) => countFormat.format(n);

/** The word for n things: plural(1, 'crate') → 'crate', plural(2, 'crate') → 'crates'. */
export const plural = (n: number, one: string, many = `${one}s`) => (Math.abs(n) === 1 ? one : many);

/** "1 crate", "0 crates", "1 234 crates"; an adjective goes between: crates(1, 'empty') → "1 empty crate". */
export const crates = (n: number, adjective?: string) =>
  `${formatCount(n)} ${adjective ? `${adjective} ` : ''}${plural(n, 'crate')}`;

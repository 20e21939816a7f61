/**
 * The shape a translation of an English catalogue section must have: every key, texts as
 * strings, functions with the same arguments, lists of texts. The compiler checks each
 * language against the English, so a missing or extra key fails `npm run typecheck`.
 */
export type Translation<T> = T extends string
  ? string
  : T extends null
    ? null
    : T extends (...args: infer A) => infer R
      ? (...args: A) => Translation<R>
      : T extends readonly (infer E)[]
        ? readonly Translation<E>[]
        : { readonly [K in keyof T]: Translation<T[K]> };

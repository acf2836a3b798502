/**
 * `true` when two unions hold exactly the same members, else `false`: a constant typed
 * `SameUnion<A, B>` and set to `true` fails the typecheck when a code list and a schema's generated
 * type drift apart.
 */
export type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

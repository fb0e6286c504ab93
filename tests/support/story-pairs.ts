/**
 * An earlier story, its follow-up (the same product, another event) and a retelling of it, shared by
 * the duplicate check's tests and story similarity's rules tests.
 */
export const ORBIT_LAUNCH = {
  title: "Brightvale launches the Orbit 2 e-reader with a colour screen at $249",
  excerpt:
    "The Dutch company's new e-reader has a seven-inch colour display and a week of battery life, and ships in Europe this month.",
};
export const ORBIT_HALTED = {
  title: "Brightvale halts Orbit 2 e-reader sales after reports of cracked screens",
  excerpt:
    "The company told shops to stop selling its colour e-reader while it looks into screens that crack when the device is bent.",
};
export const ORBIT_RETOLD = {
  title: "Orbit 2 colour e-reader from Brightvale arrives at 249 dollars",
  excerpt:
    "Brightvale's latest e-reader brings a 7-inch colour screen and about a week of battery, and goes on sale across Europe this month.",
};

/** A pair both ways round: the measure must say the same whichever article comes first. */
export function bothWays<T>(a: T, b: T): [T, T][] {
  return [
    [a, b],
    [b, a],
  ];
}

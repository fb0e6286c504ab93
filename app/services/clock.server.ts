/** Where services read the time: the system clock in production, a movable one in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

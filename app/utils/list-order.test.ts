import { describe, expect, it } from "vitest";
import { canMove, moveItem } from "./list-order";

describe("moving an item of a list", () => {
  const list = ["Home", "AI", "Startups", "Mobile"] as const;

  it("swaps it with its neighbour above or below, leaving the list it was given as it was", () => {
    expect(moveItem(list, 2, "up")).toEqual(["Home", "Startups", "AI", "Mobile"]);
    expect(moveItem(list, 0, "down")).toEqual(["AI", "Home", "Startups", "Mobile"]);
    expect(list).toEqual(["Home", "AI", "Startups", "Mobile"]);
  });

  it("gives the same list back when the item cannot move that way or is not there", () => {
    expect(moveItem(list, 0, "up")).toBe(list);
    expect(moveItem(list, 3, "down")).toBe(list);
    expect(moveItem(list, 4, "up")).toBe(list);
    expect(moveItem(list, -1, "down")).toBe(list);
    expect(moveItem(list, 1.5, "up")).toBe(list);
    expect(moveItem([], 0, "down")).toEqual([]);
  });

  it("moved all the way up one step at a time, an item reaches the top and the rest keep their order", () => {
    let moved: readonly string[] = list;
    for (let index = 3; index > 0; index -= 1) moved = moveItem(moved, index, "up");
    expect(moved).toEqual(["Mobile", "Home", "AI", "Startups"]);
  });

  it("says which ways an item can move, so the buttons that cannot are disabled", () => {
    expect([canMove(0, 4, "up"), canMove(0, 4, "down")]).toEqual([false, true]);
    expect([canMove(3, 4, "up"), canMove(3, 4, "down")]).toEqual([true, false]);
    expect([canMove(0, 1, "up"), canMove(0, 1, "down")]).toEqual([false, false]);
  });
});

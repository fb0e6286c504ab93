/** Which way a Move up / Move down button moves an item. */
export type MoveDirection = "up" | "down";

/**
 * The list with the item at `index` moved one place up (towards the start) or down; the same list when it cannot move
 * (already first or last, or no such item). Never changes the list it is given.
 */
export function moveItem<T>(list: readonly T[], index: number, direction: MoveDirection): readonly T[] {
  const to = direction === "up" ? index - 1 : index + 1;
  if (!Number.isInteger(index) || index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const moved = [...list];
  [moved[index], moved[to]] = [moved[to] as T, moved[index] as T];
  return moved;
}

/** Whether the item at `index` of a list of `length` items can move that way. */
export function canMove(index: number, length: number, direction: MoveDirection): boolean {
  return direction === "up" ? index > 0 : index < length - 1;
}

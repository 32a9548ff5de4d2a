/** Dragging the logos reveals a hidden message; 2000 px of movement shows all of it. */
export const EASTER_EGG_CAP = 2000;

export function addDragProgress(progress: number, dx: number, dy: number): number {
  return Math.min(EASTER_EGG_CAP, progress + Math.abs(dx) + Math.abs(dy));
}

export function revealedPrefix(message: string, progress: number): string {
  const clamped = Math.min(EASTER_EGG_CAP, Math.max(0, progress));
  return message.slice(0, Math.floor((message.length * clamped) / EASTER_EGG_CAP));
}

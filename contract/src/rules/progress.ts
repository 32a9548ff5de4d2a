/** Progress is floor(completed·100/total); a course without lectures is 0%, and stale extra ids never push it past 100%. */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((completed * 100) / total)));
}

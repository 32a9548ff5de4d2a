/** The public certificate page's address (the route /certificate/:id). */
export function certificatePath(id: string): string {
  return `/certificate/${encodeURIComponent(id)}`;
}

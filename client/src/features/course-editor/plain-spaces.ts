/**
 * The description as it was typed. Quill's semantic-HTML export writes every space as &nbsp;, so
 * stored descriptions could only wrap mid-word and search saw one long word. Every non-breaking
 * space becomes an ordinary one, runs included: a description is prose, and HTML shows a run of
 * spaces as one, as it does everywhere else on the site.
 */
export function plainSpaces(html: string): string {
  return html.replace(/&nbsp;|\u00a0/g, ' ');
}

// The text a post card shows (issue 30: cards often showed one line and a lone "…"). A post's text
// usually opens with a short line and a blank one; clamped as written, the blank line took the
// second row and the ellipsis sat alone. The excerpt joins the lines with spaces (blank ones
// dropped), so the clamped rows are filled with text.
export function postExcerpt(content: string): string {
  return content
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
}

/** Rows of the excerpt a card shows before the ellipsis. */
export const EXCERPT_LINES = 4;

// LinkedIn "little text": the Posts API reads `\ | { } @ [ ] ( ) < > # * _ ~` in commentary as
// markup (mentions, hashtags, templates) and silently drops or truncates text around a stray
// one, so every reserved character is escaped with a backslash (the backslash itself first).
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

export function escapeLittleText(text: string): string {
  return text.replace(RESERVED, (char) => `\\${char}`);
}

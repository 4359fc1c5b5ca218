import { useState } from 'react';
import classes from './PostPreview.module.css';

/** Up to two initials of a name ("Ana Souza" → "AS"); "?" for an empty one. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters = words.slice(0, 2).map((word) => [...word][0]!.toUpperCase());
  return letters.join('') || '?';
}

/** The account's photo, or its initials when there is none or it does not load. */
export function PreviewAvatar({ name, url, square }: { name: string; url: string | null; square?: boolean }) {
  const [failed, setFailed] = useState(false);
  const shape = square ? classes.avatarSquare : classes.avatar;
  if (url && !failed) {
    return <img src={url} alt="" className={shape} onError={() => setFailed(true)} />;
  }
  return (
    <span className={shape} aria-hidden data-initials>
      {initialsOf(name)}
    </span>
  );
}

import { messages } from '@pauta/core';
import type { MouseEvent } from 'react';
import classes from './SkipLink.module.css';

/** The `id` of every page's main landmark, the skip link's target. */
export const MAIN_ID = 'conteudo';

/**
 * "Pular para o conteúdo": the first stop of the Tab order on every page; it moves focus to the
 * main landmark (which takes focus with tabIndex -1) without adding a #fragment to the URL.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_ID}`} className={classes.skip} onClick={skip}>
      {messages.a11y.skipToContent}
    </a>
  );
}

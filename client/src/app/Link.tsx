import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { navigate } from './navigation';

interface LinkProps extends ComponentPropsWithRef<'a'> {
  href: string;
  /** Replace the current history entry instead of pushing a new one. */
  replace?: boolean;
}

/**
 * A real `<a href>` (works without JavaScript, opens in a new tab with Ctrl/⌘-click) whose plain
 * left clicks become client-side navigations. Use it as Mantine's `component`:
 * `<Button component={Link} href="/auth">`.
 */
export function Link({ href, replace, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    if ((target && target !== '_self') || rest.download !== undefined) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) return;
    // An in-page anchor (`#features`) is the browser's job: it scrolls and keeps history.
    if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search)
      return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash, { replace });
  };
  return <a href={href} target={target} onClick={handleClick} {...rest} />;
}

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

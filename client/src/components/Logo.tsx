import { messages } from '@pauta/core';
import { Link } from '../app/Link';
import classes from './Logo.module.css';

interface LogoProps {
  /** Where the logo leads; the public pages point it at the landing page. */
  href?: string;
  /** Accessible name when the link's purpose is more than the brand (`Pauta: ir para o Dashboard`). */
  label?: string;
}

/** The Pauta mark (a pink tile with a white "P") and wordmark, as a link. */
export function Logo({ href = '/', label }: LogoProps) {
  return (
    <Link href={href} className={classes.logo} aria-label={label}>
      <LogoMark className={classes.mark} />
      <span className={classes.wordmark}>{messages.common.appName}</span>
    </Link>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--mantine-color-brand-6)" />
      <path
        fill="#fff"
        fillRule="evenodd"
        d="M22 48V16h12.5C41.4 16 46 20.3 46 26.6S41.4 37.2 34.5 37.2H29V48zM29 31h5c3 0 5-1.7 5-4.4S37 22.2 34 22.2h-5z"
      />
    </svg>
  );
}

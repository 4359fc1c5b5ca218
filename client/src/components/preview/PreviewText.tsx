import { messages, type Platform, splitPostText } from '@pauta/core';
import { FEED_CUTS, previewCut } from '@pauta/networks/browser';
import { useState } from 'react';
import classes from './PostPreview.module.css';

function Parts({ text }: { text: string }) {
  return splitPostText(text).map((part, index) => {
    const key = `${index}-${part.kind}`;
    if (part.kind === 'text') return <span key={key}>{part.text}</span>;
    // Highlighted as the network shows them; not followed from a preview (nothing leaves the app).
    return (
      <span key={key} className={classes.token} data-kind={part.kind}>
        {part.text}
      </span>
    );
  });
}

/** The post's text as the feed shows it: cut where the network cuts it, with its "ver mais". */
export function PreviewText({
  platform,
  text,
  lead,
  textLimit,
}: {
  platform: Platform;
  text: string;
  lead?: string;
  /** The connected account's own limit (a Mastodon instance's); absent: the network's. */
  textLimit?: number | undefined;
}) {
  const [expanded, setExpanded] = useState(false);
  const cut = previewCut(platform, text, textLimit);
  const shown = expanded ? `${cut.visible}${cut.hidden}` : cut.visible;
  return (
    <div className={classes.text} data-testid="post-preview">
      {lead && <strong className={classes.lead}>{lead} </strong>}
      <Parts text={shown} />
      {cut.overflow !== '' && (
        <mark className={classes.overflow} title={messages.preview.overflow}>
          {cut.overflow}
        </mark>
      )}
      {cut.truncated && (
        <>
          {/* No second ellipsis where the network's own label starts with one (LinkedIn's '…ver mais'). */}
          {!expanded && !FEED_CUTS[platform].more.startsWith('…') && '… '}
          <button
            type="button"
            className={classes.more}
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
          >
            {expanded ? messages.preview.showLess : FEED_CUTS[platform].more}
          </button>
        </>
      )}
    </div>
  );
}

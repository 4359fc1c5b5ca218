// "Ver na rede" in sandbox mode (issue 13): the public page of a post, at the same path as on
// the network (`/www.linkedin.com/feed/update/<urn>/`, `/www.facebook.com/<id>`,
// `/x.com/i/web/status/<id>`, `/www.instagram.com/p/<code>/`, `/www.threads.net/@<user>/post/<code>`,
// `/bsky.app/profile/<did>/post/<rkey>`, `/local.google.com/place?…&lpsid=<id>`), so the URL the publish call
// returned, passed through the SOCIAL_SANDBOX_URL rewrite, shows the post as the network would.
// Everything a user wrote is HTML-escaped; the page runs no script (CSP `default-src 'none'`).
import type { Response, Router } from 'express';
import { SANDBOX_BLUESKY_ACCOUNTS } from './bluesky.js';
import { sandboxLocationTitle } from './google-business.js';
import { permalink } from './instagram.js';
import { findOrganization } from './linkedin-organizations.js';
import { mastodonAccountId } from './mastodon-ids.js';
import type { SandboxContext } from './oauth-common.js';
import type { SandboxPublishedPost, SandboxPublishNetwork } from './posts.js';
import { threadsPermalink, threadsUserId } from './threads-ids.js';

const NETWORK_NAMES: Record<SandboxPublishNetwork, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  threads: 'Threads',
  linkedin_page: 'LinkedIn',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  pinterest: 'Pinterest',
  google_business: 'Google',
  tiktok: 'TikTok',
};

const ACCENTS: Record<SandboxPublishNetwork, string> = {
  linkedin: '#0a66c2',
  facebook: '#1877f2',
  x: '#0f1419',
  instagram: '#c13584',
  threads: '#101010',
  linkedin_page: '#0a66c2',
  mastodon: '#6364ff',
  bluesky: '#1185fe',
  pinterest: '#e60023',
  google_business: '#1a73e8',
  tiktok: '#fe2c55',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** LinkedIn keeps commentary "little text" escaped; its page shows the text unescaped. */
function displayText(post: SandboxPublishedPost): string {
  return post.network === 'linkedin' || post.network === 'linkedin_page'
    ? post.text.replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1')
    : post.text;
}

function authorName(ctx: SandboxContext, post: SandboxPublishedPost): string {
  if (post.network === 'bluesky') {
    const account = SANDBOX_BLUESKY_ACCOUNTS.find((candidate) => candidate.did === post.authorId);
    return account === undefined ? post.authorId : `${account.displayName} (@${account.handle})`;
  }
  if (post.network === 'facebook') return ctx.store.findPage(post.authorId)?.page.name ?? post.authorId;
  if (post.network === 'instagram')
    return ctx.store.findInstagramAccount(post.authorId)?.page.name ?? post.authorId;
  if (post.network === 'linkedin_page') return findOrganization(ctx, post.authorId)?.name ?? post.authorId;
  if (post.network === 'google_business') return sandboxLocationTitle(ctx, post.authorId) ?? post.authorId;
  if (post.network === 'mastodon') {
    // `<account id>@<instance>`: the same sandbox user at every instance.
    const [id, host] = post.authorId.split('@');
    const owner = ctx.store.allUsers().find((u) => mastodonAccountId(u) === id);
    return owner === undefined ? post.authorId : `${owner.name} (@${owner.username}@${host})`;
  }
  const user = ctx.store
    .allUsers()
    .find((u) => (post.network === 'threads' ? threadsUserId(u) : u.sub) === post.authorId);
  if (user === undefined) return post.authorId;
  return post.network === 'x' || post.network === 'threads' ? `${user.name} (@${user.username})` : user.name;
}

function page(res: Response, status: number, title: string, accent: string, body: string): void {
  res
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:",
    )
    .set('X-Content-Type-Options', 'nosniff')
    .set('Referrer-Policy', 'no-referrer')
    .send(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f3f2ef;color:#1d2226}
.banner{background:#fff4ce;border-bottom:1px solid #e0c96b;padding:8px 16px;font-size:14px}
main{max-width:560px;margin:24px auto;padding:0 12px}
article{background:#fff;border-radius:8px;border-top:4px solid ${accent};padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.15)}
.author{font-weight:600}.meta{color:#666;font-size:13px;margin:2px 0 12px}
.text{white-space:pre-wrap;overflow-wrap:anywhere;line-height:1.45}
img{max-width:100%;border-radius:4px;margin-top:12px}
.media{margin:12px 0 0;padding-left:20px;font-size:14px;color:#444}
.metrics{display:flex;gap:16px;flex-wrap:wrap;color:#555;font-size:13px;border-top:1px solid #eee;margin-top:16px;padding-top:8px}
</style></head><body>
<div class="banner" role="note">Sandbox da Pauta: esta página imita a rede social. Nada foi publicado de verdade.</div>
<main>${body}</main>
</body></html>`);
}

export function renderPost(
  ctx: SandboxContext,
  res: Response,
  post: SandboxPublishedPost | null,
  network: SandboxPublishNetwork,
): void {
  const name = NETWORK_NAMES[network];
  if (post === null) {
    page(
      res,
      404,
      `Post não encontrado — ${name} (Sandbox)`,
      ACCENTS[network],
      `<article><h1>Post não encontrado</h1><p>O sandbox do ${escapeHtml(name)} não tem este post.</p></article>`,
    );
    return;
  }
  const metrics = ctx.posts.metrics(post.id);
  const when = new Date(post.createdAt).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
  // The sandbox keeps what it received of each image (not the bytes): list it, alt text included.
  const image =
    post.media.length > 0
      ? `<ul class="media" aria-label="Imagens do post">${post.media
          .map(
            (m, i) =>
              `<li>Imagem ${i + 1}: ${escapeHtml(m.mimeType.replace('image/', '').toUpperCase())} ${m.width}×${m.height}, ${Math.round(m.size / 1024)} KB — ${m.altText === '' ? 'sem texto alternativo' : `“${escapeHtml(m.altText)}”`}</li>`,
          )
          .join('')}</ul>`
      : post.imageUrl !== null && /^https?:\/\//.test(post.imageUrl)
        ? `<img src="${escapeHtml(post.imageUrl)}" alt="">`
        : '';
  page(
    res,
    200,
    `${authorName(ctx, post)} no ${name} (Sandbox)`,
    ACCENTS[network],
    `<article>
<div class="author">${escapeHtml(authorName(ctx, post))}</div>
<div class="meta">${escapeHtml(name)} · ${escapeHtml(when)}</div>
<div class="text">${escapeHtml(displayText(post))}</div>${image}
<div class="metrics"><span>${metrics.reach} alcance</span><span>${metrics.likes} curtidas</span><span>${metrics.comments} comentários</span><span>${metrics.shares} compartilhamentos</span></div>
</article>`,
  );
}

export function mountPostPages(app: Router, ctx: SandboxContext): void {
  app.get('/www.linkedin.com/feed/update/:urn', (req, res) => {
    const member = ctx.posts.find('linkedin', req.params.urn);
    const page = member === null ? ctx.posts.find('linkedin_page', req.params.urn) : null;
    renderPost(ctx, res, member ?? page, page === null ? 'linkedin' : 'linkedin_page');
  });
  app.get('/www.facebook.com/:id', (req, res, next) => {
    // Only `<page>_<post>` ids are posts; other paths (profiles, Pages) are not served here.
    if (!/^\d+_\d+$/.test(req.params.id)) {
      next();
      return;
    }
    renderPost(ctx, res, ctx.posts.find('facebook', req.params.id), 'facebook');
  });
  app.get('/x.com/i/web/status/:id', (req, res) => {
    renderPost(ctx, res, ctx.posts.find('x', req.params.id), 'x');
  });
  app.get('/www.instagram.com/p/:code', (req, res) => {
    const wanted = `https://www.instagram.com/p/${req.params.code}/`;
    const post = ctx.posts.list('instagram').find((p) => permalink(p.id) === wanted) ?? null;
    renderPost(ctx, res, post, 'instagram');
  });
  app.get('/www.threads.net/:handle/post/:code', (req, res) => {
    const wanted = `https://www.threads.net/${req.params.handle}/post/${req.params.code}`;
    const post =
      ctx.posts.list('threads').find((p) => {
        const user = ctx.store.allUsers().find((u) => threadsUserId(u) === p.authorId);
        return user !== undefined && threadsPermalink(user.username, p.id) === wanted;
      }) ?? null;
    renderPost(ctx, res, post, 'threads');
  });
  app.get('/bsky.app/profile/:did/post/:rkey', (req, res) => {
    const uri = `at://${req.params.did}/app.bsky.feed.post/${req.params.rkey}`;
    renderPost(ctx, res, ctx.posts.find('bluesky', uri), 'bluesky');
  });
  // A TikTok video's page (`www.tiktok.com/video/<id>`, the URL of a post others can see).
  app.get('/www.tiktok.com/video/:id', (req, res) => {
    renderPost(ctx, res, ctx.posts.find('tiktok', req.params.id), 'tiktok');
  });
  // A Google Business Profile post's searchUrl: `local.google.com/place?id=<location>&use=posts&lpsid=<post>`.
  app.get('/local.google.com/place', (req, res) => {
    const postId = typeof req.query.lpsid === 'string' ? req.query.lpsid : '';
    const post = ctx.posts
      .list('google_business')
      .find((candidate) => postId !== '' && candidate.id.endsWith(`/localPosts/${postId}`));
    renderPost(ctx, res, post ?? null, 'google_business');
  });
}

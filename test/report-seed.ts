// Seeds a month of a client's results for the reports' tests, e2e and bench (docs/reports.md):
// for each network, an account, posts planned and published in the month and the month before
// (with reach, likes, comments and engagement), a few planned posts that failed, daily follower
// snapshots, and approval stage events. Deterministic: the same input seeds the same rows.
import { randomUUID } from 'node:crypto';
import { type Platform, zonedTimeToUtc } from '@pauta/core';
import { type Database, type Keyring, upsertAccount } from '@pauta/db';
import { type Kysely, sql } from 'kysely';

export interface ReportSeedInput {
  workspaceId: string;
  userId: string;
  platforms: readonly Platform[];
  /** Published posts per network in the month (the previous month gets two thirds of it). */
  postsPerNetwork: number;
  year: number;
  month: number;
  timeZone?: string;
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export async function seedReportMonth(
  db: Kysely<Database>,
  keyring: Keyring,
  input: ReportSeedInput,
): Promise<{ accountIds: Record<string, string>; themeId: string }> {
  const timeZone = input.timeZone ?? 'America/Sao_Paulo';
  const rand = random(input.postsPerNetwork * 7919 + input.month);
  const theme = await db
    .insertInto('themes')
    .values({
      user_id: input.userId,
      workspace_id: input.workspaceId,
      name: 'Café especial',
      description: 'Dicas de preparo e novidades da torrefação.',
      social_networks: [...input.platforms],
      requires_approval: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accountIds: Record<string, string> = {};
  const prevMonth = input.month === 1 ? 12 : input.month - 1;
  const prevYear = input.month === 1 ? input.year - 1 : input.year;
  for (const [index, platform] of input.platforms.entries()) {
    const account = await upsertAccount(db, keyring, {
      userId: input.userId,
      workspaceId: input.workspaceId,
      platform,
      platformUserId: `${platform}-${randomUUID().slice(0, 8)}`,
      platformUsername: `cafe.${platform}`,
      accountData: { name: `Café ${platform}` },
      accessToken: `token-${randomUUID()}`,
      refreshToken: null,
      accessTokenExpiresAt: null,
    });
    accountIds[platform] = account.id;
    // Snapshots from the 25th of the month before the previous one to the month's last day.
    const start = Date.UTC(prevYear, prevMonth - 2, 25);
    const end = Date.UTC(input.year, input.month - 1, daysIn(input.year, input.month));
    const base = 1000 * (index + 1);
    const rows = [];
    for (let t = start, i = 0; t <= end; t += 86_400_000, i++) {
      const d = new Date(t);
      rows.push({
        connected_account_id: account.id,
        workspace_id: input.workspaceId,
        platform,
        day: d.toISOString().slice(0, 10),
        followers: base + i * (index + 2),
        posts_reach: null,
        posts_likes: null,
        posts_comments: null,
      });
    }
    await db.insertInto('account_follower_snapshots').values(rows).execute();

    for (const [year, month, count] of [
      [input.year, input.month, input.postsPerNetwork],
      [prevYear, prevMonth, Math.round((input.postsPerNetwork * 2) / 3)],
    ] as const) {
      const days = daysIn(year, month);
      const planned = [];
      for (let i = 0; i < count + 2; i++) {
        const day = 1 + (i % days);
        const hour = 8 + Math.floor(rand() * 12);
        planned.push({
          theme_id: theme.id,
          user_id: input.userId,
          workspace_id: input.workspaceId,
          title: `Post ${platform} ${month}/${i + 1}`,
          content: `Texto do post ${i + 1} de ${platform} sobre café especial, mês ${month}.`,
          platform,
          scheduled_for: zonedTimeToUtc({ year, month, day, hour, minute: 0 }, timeZone),
          // The last two of each month were planned and failed: planned, not published.
          status: (i < count ? 'published' : 'failed') as 'published' | 'failed',
        });
      }
      const inserted = await db
        .insertInto('suggested_posts')
        .values(planned)
        .returning(['id', 'scheduled_for', 'status', 'title', 'content'])
        .execute();
      const published = inserted
        .filter((p) => p.status === 'published')
        .map((p) => {
          const reach = 200 + Math.floor(rand() * 5000);
          const likes = Math.floor(rand() * reach * 0.08);
          const comments = Math.floor(rand() * likes * 0.3);
          return {
            user_id: input.userId,
            workspace_id: input.workspaceId,
            theme_id: theme.id,
            suggested_post_id: p.id,
            connected_account_id: account.id,
            title: p.title,
            content: p.content,
            platform,
            platform_post_id: `pp-${randomUUID()}`,
            url: `https://example.com/${platform}/${p.id}`,
            published_at: new Date(p.scheduled_for!.getTime() + 60_000),
            reach,
            likes_count: likes,
            comments_count: comments,
            engagement_rate: (Math.round(((likes + comments) / reach) * 10000) / 100).toFixed(2),
            metrics_updated_at: new Date(),
          };
        });
      for (let i = 0; i < published.length; i += 500)
        await db
          .insertInto('published_posts')
          .values(published.slice(i, i + 500))
          .execute();
      // Approval: each of the first few posts went to review and was approved some hours later.
      const events = inserted.slice(0, Math.min(5, inserted.length)).flatMap((p, i) => {
        const asked = new Date(p.scheduled_for!.getTime() - (48 + i * 6) * 3_600_000);
        return [
          {
            post_id: p.id,
            user_id: input.userId,
            workspace_id: input.workspaceId,
            actor: 'owner' as const,
            from_stage: 'draft' as const,
            to_stage: 'review' as const,
            created_at: asked,
          },
          {
            post_id: p.id,
            user_id: input.userId,
            workspace_id: input.workspaceId,
            actor: 'owner' as const,
            from_stage: 'review' as const,
            to_stage: 'approved' as const,
            created_at: new Date(asked.getTime() + (4 + i) * 3_600_000),
          },
        ];
      });
      if (events.length > 0) await db.insertInto('post_stage_events').values(events).execute();
    }
  }
  await sql`ANALYZE published_posts`.execute(db).catch(() => {});
  return { accountIds, themeId: theme.id };
}

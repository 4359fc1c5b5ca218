// axe-core (from npm, injected as source: nothing is downloaded at run time) run on a page, with
// the counts per impact kept for the run's table and every critical or serious finding kept for
// the failure message.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_VERSION: string = require('axe-core/package.json').version;

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
const IMPACTS: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

export interface Finding {
  view: string;
  variant: string;
  id: string;
  impact: Impact;
  help: string;
  targets: string[];
}

interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: { target: unknown[]; data?: string }[];
}

/** Counts per view (summed over its variants) and every finding, for the table and failures. */
export class AxeReport {
  readonly counts = new Map<string, Record<Impact, number> & { runs: number }>();
  readonly findings: Finding[] = [];

  add(view: string, variant: string, violations: AxeViolation[]): void {
    let row = this.counts.get(view);
    if (!row) {
      row = { critical: 0, serious: 0, moderate: 0, minor: 0, runs: 0 };
      this.counts.set(view, row);
    }
    row.runs += 1;
    for (const v of violations) {
      const impact = v.impact ?? 'minor';
      // One count per offending element, as axe's own summaries do.
      row[impact] += v.nodes.length;
      this.findings.push({
        view,
        variant,
        id: v.id,
        impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ') + (n.data ? ` (${n.data})` : '')),
      });
    }
  }

  /** Critical and serious findings: the ones that fail the suite. */
  blocking(): Finding[] {
    return this.findings.filter((f) => f.impact === 'critical' || f.impact === 'serious');
  }

  /** A Markdown table: views × impacts (elements, summed over the variants each view ran in). */
  table(title: string): string {
    const lines = [
      `### ${title}`,
      '',
      '| view / dialog | runs | critical | serious | moderate | minor |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
    ];
    const total = { critical: 0, serious: 0, moderate: 0, minor: 0, runs: 0 };
    for (const [view, row] of this.counts) {
      lines.push(`| ${view} | ${row.runs} | ${IMPACTS.map((i) => row[i]).join(' | ')} |`);
      for (const i of IMPACTS) total[i] += row[i];
      total.runs += row.runs;
    }
    lines.push(`| **total** | ${total.runs} | ${IMPACTS.map((i) => total[i]).join(' | ')} |`);
    const byRule = new Map<string, number>();
    for (const f of this.findings) {
      const key = `${f.impact} ${f.id}`;
      byRule.set(key, (byRule.get(key) ?? 0) + f.targets.length);
    }
    if (byRule.size > 0) {
      lines.push('', `by rule: ${[...byRule].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
    }
    return lines.join('\n');
  }

  /** Every finding, one line each (kept in the artifact for whoever fixes the next one). */
  details(): string {
    return this.findings
      .map((f) => `- ${f.view} [${f.variant}] ${f.impact} ${f.id}: ${f.targets.join(' | ')}`)
      .join('\n');
  }

  describeBlocking(): string {
    return this.blocking()
      .map((f) => `${f.view} [${f.variant}] ${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`)
      .join('\n');
  }
}

/** Waits until no CSS transition or animation is running (a modal fading in has half contrast). */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().filter((a) => a.playState === 'running').length === 0,
    undefined,
    { timeout: 5000 },
  );
}

/** Runs axe on the whole document as it is now; records the result under `view`/`variant`. */
export async function scan(page: Page, report: AxeReport, view: string, variant: string): Promise<void> {
  await settle(page);
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol rather than a <script> tag: the app's CSP
  // (script-src 'self') refuses inline scripts, and the test keeps that CSP on.
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: AxeViolation) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => {
        // Colour findings carry the pair and its ratio: the first thing to know when fixing one.
        const node = n as {
          any?: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
          failureSummary?: string;
        };
        const d = node.any?.[0]?.data;
        return {
          target: n.target,
          data: d?.fgColor
            ? `${d.fgColor} on ${d.bgColor}: ${d.contrastRatio}`
            : node.failureSummary?.replace(/\s+/g, ' ').slice(0, 240),
        };
      }),
    }));
  });
  report.add(view, variant, violations);
  // A11Y_SCREENSHOTS=1: a picture of every scanned state, to look at (not asserted on).
  if (process.env.A11Y_SCREENSHOTS) {
    const name = `${view}-${variant}`.replace(/[^a-z0-9-]+/gi, '_');
    await page.screenshot({ path: new URL(`../artifacts/a11y/${name}.png`, import.meta.url).pathname });
  }
}

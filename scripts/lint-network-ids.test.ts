import { describe, expect, it } from 'vitest';
import { findNetworkSwitches, scanRepository } from './lint-network-ids.js';

describe('lint:networks', () => {
  it('finds a branch on a network id, in any of its forms', () => {
    const source = [
      "if (platform === 'facebook') return 1;",
      "const short = 'x' !== platform;",
      '  case "linkedin":',
      "if (networks.includes('instagram')) warn();",
      'const provider = attempt.provider == `google`;',
    ].join('\n');
    expect(findNetworkSwitches('a.ts', source).map((hit) => hit.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets tables, other strings and comments pass', () => {
    const source = [
      "const LABELS = { x: 'X (Twitter)', linkedin: 'LinkedIn' };",
      "if (layout === 'xl') return;",
      "const key = 'x';",
      "// platform === 'x' used to live here",
      "if (style === 'microblog') draw();",
    ].join('\n');
    expect(findNetworkSwitches('a.ts', source)).toEqual([]);
  });

  it('finds none in the repository outside networks/', () => {
    expect(scanRepository()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { parsePublishJobId, publishJobId, QUEUES } from './queues.js';

describe('publishJobId', () => {
  it('formats post-<id>-v<version>', () => {
    expect(publishJobId('42', 1)).toBe('post-42-v1');
    expect(publishJobId('7b0c1f5e-9a4e-4c1b-8f0e-2d3c4b5a6978', 12)).toBe(
      'post-7b0c1f5e-9a4e-4c1b-8f0e-2d3c4b5a6978-v12',
    );
  });

  it('never contains a colon', () => {
    expect(publishJobId('abc', 0)).not.toContain(':');
  });

  it('gives each version of a post its own id', () => {
    expect(publishJobId('abc', 1)).not.toBe(publishJobId('abc', 2));
  });

  it('rejects ids that could break the key or collide', () => {
    expect(() => publishJobId('a:b', 1)).toThrow(RangeError);
    expect(() => publishJobId('', 1)).toThrow(RangeError);
    expect(() => publishJobId('a b', 1)).toThrow(RangeError);
  });

  it('rejects negative, fractional and unsafe versions', () => {
    expect(() => publishJobId('abc', -1)).toThrow(RangeError);
    expect(() => publishJobId('abc', 1.5)).toThrow(RangeError);
    expect(() => publishJobId('abc', Number.NaN)).toThrow(RangeError);
    expect(() => publishJobId('abc', Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('parsePublishJobId', () => {
  it('inverts publishJobId, even for ids that look like versions', () => {
    expect(parsePublishJobId(publishJobId('abc-v1', 2))).toEqual({ postId: 'abc-v1', version: 2 });
    const uuid = '7b0c1f5e-9a4e-4c1b-8f0e-2d3c4b5a6978';
    expect(parsePublishJobId(publishJobId(uuid, 3))).toEqual({ postId: uuid, version: 3 });
  });

  it('returns null for other ids', () => {
    expect(parsePublishJobId('repeat:reconcile')).toBeNull();
    expect(parsePublishJobId('post-abc')).toBeNull();
    expect(parsePublishJobId('post--v1')).toBeNull();
  });
});

describe('QUEUES', () => {
  it('names have no colon', () => {
    for (const name of Object.values(QUEUES)) expect(name).not.toContain(':');
  });
});

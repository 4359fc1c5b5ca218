import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.js';
import { firstIssuePerField, postEditFormSchema } from './post.js';

const text = messages.posts;
const valid = { title: 'Título', content: 'Texto', date: '2026-12-01', time: '10:30' };

function errorsOf(platform: 'x' | 'linkedin', input: Record<string, unknown>) {
  const result = postEditFormSchema(platform).safeParse({ ...valid, ...input });
  return result.success ? {} : firstIssuePerField(result.error);
}

describe('postEditFormSchema', () => {
  it('accepts a complete form and trims the title', () => {
    const result = postEditFormSchema('x').safeParse({ ...valid, title: '  Título  ' });
    expect(result.success && result.data.title).toBe('Título');
  });

  it('gives the pt-BR message of each missing field', () => {
    expect(errorsOf('x', { title: ' ', content: ' \n', date: null, time: '' })).toEqual({
      title: text.titleRequired,
      content: text.contentRequired,
      date: text.dateRequired,
      time: text.timeRequired,
    });
  });

  it('refuses an impossible date and a malformed time', () => {
    expect(errorsOf('x', { date: '2026-02-30', time: '9:30 PM' })).toEqual({
      date: text.dateRequired,
      time: text.invalidTime,
    });
    expect(errorsOf('x', { time: '24:00' })).toEqual({ time: text.invalidTime });
    expect(errorsOf('x', { time: '7:05' })).toEqual({});
  });

  it("measures the text against the post's network, X in weighted characters", () => {
    expect(errorsOf('x', { content: 'a'.repeat(280) })).toEqual({});
    expect(errorsOf('x', { content: '😀'.repeat(141) })).toEqual({
      content: text.tooLongFor('X (Twitter)', 280),
    });
    expect(errorsOf('linkedin', { content: '😀'.repeat(141) })).toEqual({});
    expect(errorsOf('linkedin', { content: 'a'.repeat(3001) })).toEqual({
      content: text.tooLongFor('LinkedIn', 3000),
    });
  });
});

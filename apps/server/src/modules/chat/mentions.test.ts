import { PUSH_PAYLOAD_MAX_BYTES, pushPayloadSchema, USERNAME_MAX_LENGTH } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { MENTION_EXCERPT_MAX, mentionExcerpt, mentionPushPayload } from './mentions.ts';

describe('a mention push payload', () => {
  it('fits a push with the longest name, label and text of four-byte characters and quotes', async () => {
    const payload = mentionPushPayload({
      messageId: Number.MAX_SAFE_INTEGER,
      author: { id: 'u', name: '🚀'.repeat(USERNAME_MAX_LENGTH) },
      channelLabel: '"'.repeat(60),
      text: '🚀"\\'.repeat(2000),
    });
    expect(pushPayloadSchema.parse(payload)).toEqual(payload);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(PUSH_PAYLOAD_MAX_BYTES / 2);
  });

  it('shows the text on one line, cut at a whole character', () => {
    expect(mentionExcerpt('  hi\n\n@bob\tlook  ')).toBe('hi @bob look');
    const cut = mentionExcerpt('😀'.repeat(MENTION_EXCERPT_MAX + 1));
    expect(cut).toBe(`${'😀'.repeat(MENTION_EXCERPT_MAX)}…`);
    expect(mentionExcerpt('a'.repeat(MENTION_EXCERPT_MAX))).toBe('a'.repeat(MENTION_EXCERPT_MAX));
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { configResponseSchema, DEFAULT_HELP_URL } from './auth.ts';

const answer = { google_client_id: null, billing: 'test', simulated: true };

describe('GET /api/config helpUrl', () => {
  it("an older server's answer without helpUrl means the app's own /help", () => {
    expect(DEFAULT_HELP_URL).toBe('/help');
    expect(configResponseSchema.parse(answer).helpUrl).toBe('/help');
  });

  it('a path or a URL from HELP_URL is passed through', () => {
    expect(configResponseSchema.parse({ ...answer, helpUrl: '/docs' }).helpUrl).toBe('/docs');
    expect(configResponseSchema.parse({ ...answer, helpUrl: 'https://help.example.com' }).helpUrl).toBe(
      'https://help.example.com',
    );
  });

  it('a helpUrl that is not text is refused', () => {
    expect(configResponseSchema.safeParse({ ...answer, helpUrl: null }).success).toBe(false);
  });
});

describe('messages: LOAD RECENT failure', () => {
  it("is the spec's wording", () => {
    expect(messages.recentStreamFailed).toBe('Failed to get recent stream.');
  });
});

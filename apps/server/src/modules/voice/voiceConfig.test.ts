import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';

describe('VOICE_HOST', () => {
  it('is unset by default: this server is the voice host', () => {
    expect(loadConfig({}).voiceHost).toBeUndefined();
  });

  it('takes an http(s) URL, without its trailing slash', () => {
    expect(loadConfig({ VOICE_HOST: 'https://voice.example.com/clips/' }).voiceHost).toBe(
      'https://voice.example.com/clips',
    );
    expect(loadConfig({ VOICE_HOST: 'http://10.0.0.5:8080' }).voiceHost).toBe('http://10.0.0.5:8080');
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['voice.example.com', '/voice', 'ftp://voice.example.com', 'javascript:alert(1)']) {
      expect(() => loadConfig({ VOICE_HOST: value }), value).toThrow(/VOICE_HOST: must be a URL/);
    }
  });
});

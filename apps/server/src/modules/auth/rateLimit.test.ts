import { messages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { type PolicyName, policies } from '../../platform/rateLimit.ts';
import { seedUser, uniqueEmail } from '../../test/factories.ts';
import { countUsers, login, uniqueIp } from '../../test/helpers.ts';
import { type ApiAnswer, startTestApp } from '../../test/testApp.ts';
import { withApp } from '../../test/withApp.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

function expectRateLimited(res: ApiAnswer<unknown>, policy: PolicyName): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: 'rate_limited', message: messages.rateLimited });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(policies[policy].durationSec);
}

/**
 * The same scenarios against the in-memory limiter and the Redis one. Redis keys outlive a
 * run, so every scenario uses addresses and IPs no earlier run has used.
 */
function limits(label: string, env: Record<string, string>): void {
  describe(label, () => {
    const app = withApp({
      mail: 'outbox',
      env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true', ...env },
    });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    it('stops wrong passwords for one account from one IP, not the owner elsewhere', async () => {
      const { email, password } = await seedUser(app);
      const attacker = uniqueIp();
      const allowance = policies.loginAccountIp.points;
      for (let i = 0; i < allowance; i += 1) {
        const res = await login(app, email, `wrong-${i}-password`, from(attacker));
        expect(res.status, `attempt ${i + 1}`).toBe(400);
      }
      expectRateLimited(await login(app, email, 'wrong-again-password', from(attacker)), 'loginAccountIp');
      // Even the right password is refused from there until the window passes.
      expectRateLimited(await login(app, email, password, from(attacker)), 'loginAccountIp');

      const owner = await login(app, email, password, from(uniqueIp()));
      expect(owner.status).toBe(200);
    });

    // 101 argon2 checks: well within the default on an idle machine, not on a loaded one.
    it('lets the owner in from a new address after 100 failures from 100 others, only slowed', {
      timeout: 120_000,
    }, async () => {
      const { email, password } = await seedUser(app);
      for (let i = 0; i < 100; i += 1) {
        expect((await login(app, email, `guess-${i}-password`, from(uniqueIp()))).status).toBe(400);
      }
      const before = app.clock.sleeps.length;
      const owner = await login(app, email, password, from(uniqueIp()));
      expect(owner.status).toBe(200);
      // The account's failures slow every attempt on it, by at most 2 s.
      const waited = app.clock.sleeps.slice(before);
      expect(waited).toHaveLength(1);
      expect(waited[0]).toBeGreaterThan(0);
      expect(waited[0]).toBeLessThanOrEqual(2000);
    });

    it('past the account-wide cap, stops new addresses but never one the owner signed in from', async () => {
      const { email, password } = await seedUser(app);
      const home = uniqueIp();
      expect((await login(app, email, password, from(home))).status).toBe(200);
      // A botnet's worth of failures, counted without 200 slow argon2 checks.
      await app.ctx.limiter.penalize('loginAccount', email, policies.loginAccount.points);
      expectRateLimited(await login(app, email, password, from(uniqueIp())), 'loginAccount');
      expect((await login(app, email, password, from(home))).status).toBe(200);
    });

    it('caps email changes and account updates per user', async () => {
      const seeded = await seedUser(app);
      for (let i = 0; i < policies.emailChangeUser.points; i += 1) {
        const res = await app.call('PUT', '/api/auth/user', {
          token: seeded.token,
          body: { email: uniqueEmail('hop'), current_password: seeded.password },
        });
        expect(res.status, `change ${i + 1}`).toBe(200);
      }
      const over = await app.call('PUT', '/api/auth/user', {
        token: seeded.token,
        body: { email: uniqueEmail('hop'), current_password: seeded.password },
      });
      expectRateLimited(over, 'emailChangeUser');
    });

    it('caps profile updates per user', async () => {
      const seeded = await seedUser(app);
      const save = () => {
        const form = new FormData();
        form.set('username', `cap${seeded.user.id.slice(0, 8)}`);
        return fetch(`${app.baseUrl}/api/profile`, {
          method: 'POST',
          headers: { authorization: `Bearer ${seeded.token}` },
          body: form,
        });
      };
      for (let i = 0; i < policies.profileUpdateUser.points; i += 1) expect((await save()).status).toBe(200);
      expect((await save()).status).toBe(429);
    });

    it('lets a successful login clear its own failures', async () => {
      const { email, password } = await seedUser(app);
      const ip = uniqueIp();
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < policies.loginAccountIp.points - 1; i += 1) {
          expect((await login(app, email, 'wrong-password', from(ip))).status).toBe(400);
        }
        expect((await login(app, email, password, from(ip))).status).toBe(200);
      }
    });

    it('caps login attempts from one IP across accounts', async () => {
      const ip = uniqueIp();
      const allowance = policies.loginIp.points;
      for (let i = 0; i < allowance; i += 1) {
        expect((await login(app, uniqueEmail('spray'), 'password-guess', from(ip))).status).toBe(404);
      }
      expectRateLimited(await login(app, uniqueEmail('spray'), 'password-guess', from(ip)), 'loginIp');
    });

    it('caps signups from one IP, counting refused ones too', async () => {
      const ip = uniqueIp();
      const before = await countUsers(app);
      const real = await app.call('POST', '/api/auth/signup', {
        body: { email: uniqueEmail('burst'), password: 'hunter2hunter2' },
        headers: from(ip),
      });
      expect(real.status).toBe(201);
      for (let i = 1; i < policies.signupIp.points; i += 1) {
        const res = await app.call('POST', '/api/auth/signup', {
          body: { email: uniqueEmail('burst'), password: 'short' },
          headers: from(ip),
        });
        expect(res.status).toBe(400);
      }
      const over = await app.call('POST', '/api/auth/signup', {
        body: { email: uniqueEmail('burst'), password: 'hunter2hunter2' },
        headers: from(ip),
      });
      expectRateLimited(over, 'signupIp');
      expect(await countUsers(app)).toBe(before + 1);

      const elsewhere = await app.call('POST', '/api/auth/signup', {
        body: { email: uniqueEmail('calm'), password: 'hunter2hunter2' },
        headers: from(uniqueIp()),
      });
      expect(elsewhere.status).toBe(201);
    });

    it('caps forgot_password from one IP', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < policies.mailIp.points; i += 1) {
        const res = await app.call('POST', '/api/auth/forgot_password', {
          body: { email: uniqueEmail('forgot') },
          headers: from(ip),
        });
        expect(res.status).toBe(404);
      }
      const over = await app.call('POST', '/api/auth/forgot_password', {
        body: { email: uniqueEmail('forgot') },
        headers: from(ip),
      });
      expectRateLimited(over, 'mailIp');
    });

    it('caps mail to one account whatever the IP', async () => {
      const { email } = await seedUser(app);
      for (let i = 0; i < policies.mailAccount.points; i += 1) {
        const res = await app.call('POST', '/api/auth/forgot_password', {
          body: { email },
          headers: from(uniqueIp()),
        });
        expect(res.status).toBe(200);
      }
      const over = await app.call('POST', '/api/auth/verify_email', {
        body: { email: email.toUpperCase() },
        headers: from(uniqueIp()),
      });
      expectRateLimited(over, 'mailAccount');
    });
  });
}

limits('rate limits (in memory)', {});
limits('rate limits (Redis)', { REDIS_URL });

describe('Redis-backed limiter', () => {
  it('keeps its counters in Redis', async () => {
    const app = await startTestApp({ mail: 'outbox', env: { REDIS_URL, RATE_LIMIT_SCALE: '1' } });
    try {
      const ip = uniqueIp();
      await app.ctx.limiter.consume('resetIp', ip);
      expect(await app.ctx.redis?.exists(`${app.ctx.config.busPrefix}rl:resetIp:${ip}`)).toBe(1);
    } finally {
      await app.close();
    }
  });
});

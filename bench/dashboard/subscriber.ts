/** A verified Pro subscriber on a running server, made over HTTP (dev outbox, local billing). */
export async function makeSubscriber(base: string): Promise<string> {
  const email = `bench.${Date.now().toString(36)}@example.com`;
  const password = 'bench-password-2026';
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  await call('POST', '/api/auth/signup', { email, password });
  const outbox = (await call('GET', '/api/dev/mail')) as { data: { to: string; links: string[] }[] };
  const link = outbox.data.find((m) => m.to === email)?.links.find((l) => l.includes('/verify_email/'));
  if (!link) throw new Error('no verification mail in the dev outbox');
  await fetch(link.replace(/^https?:\/\/[^/]+/, base), { redirect: 'manual' });
  const session = {
    token: ((await call('POST', '/api/auth/login', { email, password })) as { access_token: string })
      .access_token,
  };
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123', name: 'Bench' };
  const tok = (await call('POST', '/api/billing/local/tokens', card, session.token)) as { id: string };
  await call('POST', '/api/stripe/customer', { token: tok.id }, session.token);
  await call('POST', '/api/stripe/subscription', { plan: 'pro' }, session.token);
  return session.token;
}

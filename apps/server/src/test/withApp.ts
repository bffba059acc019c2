import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from './testApp.ts';

/**
 * One test app for the enclosing file or `describe`: started in `beforeAll`, closed in
 * `afterAll`. The handle stands for the app from `beforeAll` on, so tests use it as the app
 * itself (`app.call(...)`, `app.ctx`). Options may be a function, read when the app starts
 * (e.g. a second node sharing another app's database).
 */
export function withApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await startTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      // Not a promise: `await` and vitest's matchers probe `then`.
      if (key === 'then') return undefined;
      if (!current) throw new Error(`withApp: app.${String(key)} read outside beforeAll…afterAll`);
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

import { usernameKey } from '@tapeline/core/username';
import { type SeededUser, seedSubscription, seedUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/testApp.ts';
import type { NewUser } from '../../auth/usersRepository.ts';

let n = 0;

/** A subscriber with a unique username (its key set as the profile would). */
export async function trader(
  app: TestApp,
  fields: Partial<NewUser> = {},
): Promise<SeededUser & { name: string }> {
  n += 1;
  const name = `${(fields.role ?? 'trader').slice(0, 3)}${n}_${Date.now().toString(36).slice(-5)}`;
  const seeded = await seedUser(app, { username: name, usernameKey: usernameKey(name), ...fields });
  await seedSubscription(app, seeded.user.id);
  return { ...seeded, name };
}

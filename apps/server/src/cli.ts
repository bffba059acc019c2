import { ROLES } from '@tapeline/core';
import { runUserRole } from './cli/userRole.ts';
import { isRole } from './modules/admin/setRole.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { dataDirAccessWarning } from './platform/dataDir.ts';

const USAGE = `Usage: npm run cli -- user:role <email> ${ROLES.join('|')}

  user:role   Set a user's role. This is how the first admin is made.
              Works whether or not the server is running (same DATA_DIR or DATABASE_URL).`;

/** Exit codes: 0 done, 1 the command failed (e.g. no such user), 2 usage, 78 configuration. */
async function main(argv: string[]): Promise<number> {
  const [command, email, role, ...rest] = argv;
  if (command !== 'user:role' || !email || !role || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!isRole(role)) {
    console.error(`Invalid role "${role}": must be one of ${ROLES.join(', ')}`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  const warning = await dataDirAccessWarning(config.dataDir);
  if (warning) console.error(warning);
  const result = await runUserRole(config, { op: 'user:role', email, role });
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  const { user } = result;
  console.log(
    user.previous === user.role
      ? `${user.email} is already ${user.role}`
      : `${user.email}: role changed from ${user.previous} to ${user.role}`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

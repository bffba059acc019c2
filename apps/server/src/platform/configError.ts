/** A setting that cannot start the server; the message names the variable. */
export class ConfigError extends Error {}

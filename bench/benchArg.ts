/** `--name=value` from the command line, a number when the fallback is one. */
export function benchArg(name: string, fallback: number): number;
export function benchArg(name: string, fallback: string): string;
export function benchArg(name: string, fallback: number | string): number | string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (!hit) return fallback;
  const value = hit.slice(name.length + 3);
  return typeof fallback === 'number' ? Number(value) : value;
}

/** The news recency tooltip (spec §5): hours, or days at multiples of 24; 0 means disabled. */
export function formatRecency(hours: number): string {
  if (hours <= 0) return 'Disabled';
  if (hours % 24 === 0) {
    const days = hours / 24;
    return days === 1 ? '1 day' : `${days} days`;
  }
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

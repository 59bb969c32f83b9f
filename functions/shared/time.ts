/** The Monday (UTC) of the week an instant falls in, as yyyy-mm-dd: the key of weekly counters. */
export function weekOf(date: Date): string {
  const day = date.getUTCDay(); // 0 Sunday
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - ((day + 6) % 7)));
  return monday.toISOString().slice(0, 10);
}

/** The last `count` week keys, oldest first. */
export function lastWeeks(now: Date, count: number): string[] {
  const current = Date.parse(`${weekOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10));
}

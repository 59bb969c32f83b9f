/** "254712345678" → "0712 345 678": how Kenyans write their own number, for a form to prefill. */
export function localMobile(normalized: string): string {
  const local = `0${normalized.replace(/^\+?254/, '')}`;
  return local.length === 10 ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : local;
}

/** Money for people to read: minor units in, "KSh 1,500" ("KSh 1,500.50" with cents; other currencies by code: "USD 15.50") out. */
export function formatMoney(amountMinor: number, currency = 'KES'): string {
  const cents = amountMinor % 100 !== 0;
  const amount = (amountMinor / 100).toLocaleString('en-KE', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 });
  return `${currency === 'KES' ? 'KSh' : currency} ${amount}`;
}

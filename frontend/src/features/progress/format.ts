/** How the dashboard words its figures. */

/** Hours Studied: minutes under an hour ("25 min"), then hours to a tenth ("1.5 h"); "0 h" before any study. */
export function studyTimeText(minutes: number): string {
  if (minutes <= 0) return '0 h';
  if (minutes < 60) return `${minutes} min`;
  return `${(Math.round(minutes / 6) / 10).toLocaleString('en-GB', { maximumFractionDigits: 1 })} h`;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

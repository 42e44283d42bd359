const HOUR_MS = 60 * 60 * 1000;

/**
 * How long ago something happened (back-office spec, section 9): 'Just now' under an hour, then
 * hours, days, 30-day months and years, always in the spec's plural wording.
 */
export function relativeTime(date: string | Date, now: Date = new Date()): string {
  const hours = Math.floor((now.getTime() - new Date(date).getTime()) / HOUR_MS);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} days ago`;
  const months = Math.floor(days / 30);
  if (months < 12) return `${months} months ago`;
  return `${Math.floor(months / 12)} years ago`;
}

/**
 * Text a target stores as it was sent whatever its text habits, so a read-back may require it:
 * no leading, trailing or doubled spaces (S-TEXT-trimming: a store may trim or squish), no quotes,
 * `<`, `>` or `&` (S-TEXT-markup: a store may escape or strip them), and no `--` (S-GW-waf: a
 * firewall may refuse SQL-like text before the target sees it).
 */
export function plainText(s: string): string {
  return s
    .replace(/['"`<>&]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The data files an Allure single-file report carries inline (`d("name","base64")`), decoded. */
export function inlineFiles(html: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of html.matchAll(/\bd\("([^"]+)","([A-Za-z0-9+/=]*)"\)/g))
    files.set(m[1]!, Buffer.from(m[2]!, 'base64').toString('utf8'));
  return files;
}

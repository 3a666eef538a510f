/** Keys can hide in URLs: model specs and base URLs as a report shows them, without user info or query. */

/** Any URL inside a text (a model spec) without user info, query or fragment. */
export function redactUrls(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1').replace(/([a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#]\S*/gi, '$1');
}

/** A base URL without user info, query or fragment (a key can hide there). */
export function safeBaseURL(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//').replace(/[?#].*$/, '');
  }
}

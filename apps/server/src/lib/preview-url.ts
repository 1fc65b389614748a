// The preview address pattern's rules are the contract's (preview-url.ts), shared with the web app.

/**
 * The address a preview link opens: the pattern with the token, the post's slug and id, each
 * URL-encoded. `{locale}` is empty until posts have languages (decision 061).
 */
export function fillPreviewUrl(pattern: string, values: { token: string; slug: string; id: string }) {
  const fill: Record<string, string> = {
    '{token}': encodeURIComponent(values.token),
    '{slug}': encodeURIComponent(values.slug),
    '{id}': encodeURIComponent(values.id),
    '{locale}': '',
  };
  return pattern.replace(/\{(?:token|slug|id|locale)\}/g, (placeholder) => fill[placeholder] ?? '');
}

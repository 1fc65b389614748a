/**
 * The site's one stylesheet (served as /style.css, so that the CSP needs no inline style).
 * Colours meet WCAG AA on white (text 15.3:1, links 6.1:1, the banner's text 14.9:1 on its yellow),
 * and nothing is wider than a 375 px screen: images shrink, and code and table cells wrap rather than
 * scroll (a scrolling region would need to be focusable, and the server's HTML is shown as it is).
 */
export const STYLE = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; color: #1f2328; background: #fff; font: 1.0625rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: #0a58ca; }
a:hover { color: #084298; }
:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }
.wrap { max-width: 42rem; margin: 0 auto; padding: 0 1rem; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: 0.5rem 1rem; }
.skip:focus { left: 0.5rem; }
.site-header { border-bottom: 1px solid #d0d7de; padding: 0.75rem 0; }
.site-title { font-weight: 700; font-size: 1.25rem; text-decoration: none; color: #1f2328; }
.site-footer { border-top: 1px solid #d0d7de; margin-top: 3rem; padding: 1rem 0; font-size: 0.9375rem; }
main { padding-top: 1rem; padding-bottom: 1rem; }
h1, h2, h3 { line-height: 1.25; overflow-wrap: anywhere; }
.posts, .topics, .tags ul { list-style: none; padding: 0; }
.posts > li { border-bottom: 1px solid #d0d7de; }
.posts h2 { font-size: 1.25rem; margin-bottom: 0.25rem; }
.byline { color: #4d5561; font-size: 0.9375rem; margin-top: 0; }
.topics, .tags, .tags ul { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
.tags ul { margin: 0; }
.pager { display: flex; flex-wrap: wrap; gap: 1rem; justify-content: space-between; margin: 1.5rem 0; }
.lead { font-size: 1.125rem; }
.feature { display: block; max-width: 100%; height: auto; margin: 1rem 0; }
.content { overflow-wrap: anywhere; }
.content img, .content video { max-width: 100%; height: auto; }
.content pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.75rem; background: #f6f8fa; }
.content table { width: 100%; table-layout: fixed; border-collapse: collapse; }
.content th, .content td { border: 1px solid #d0d7de; padding: 0.25rem; overflow-wrap: anywhere; vertical-align: top; }
.banner { background: #fff4ce; border-bottom: 3px solid #9a6700; color: #1f2328; }
.banner p { margin: 0.25rem 0; }
.banner .wrap { padding-top: 0.5rem; padding-bottom: 0.5rem; }
`;

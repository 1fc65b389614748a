import { html } from '../html.js';

export const notFoundMain = (what = 'This page does not exist.') =>
  html`<h1>Not found</h1>
    <p>${what}</p>
    <p><a href="/">All posts</a></p>`;

export const unavailableMain = () =>
  html`<h1>The blog is unavailable</h1>
    <p>Its posts cannot be read right now. Please try again in a minute.</p>`;

export const previewGoneMain = () =>
  html`<h1>This preview is not available</h1>
    <p>The link is not valid, has expired or was revoked. Ask for a new preview link.</p>`;

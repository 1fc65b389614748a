import { expect, type Page } from '@playwright/test';

/** Locators and steps the blog journeys share: the list's cards and the editor's parts. */

export const card = (page: Page, title: string) => page.getByRole('article', { name: title });

export const editorHeading = (page: Page, mode: 'New' | 'Edit') =>
  page.getByRole('heading', { level: 1, name: `${mode} Blog Post` });

export const content = (page: Page) => page.getByRole('textbox', { name: 'Content' });

export const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

/**
 * Puts the caret at the end of the rich-text field. Lexical learns of a caret move from the
 * browser's queued `selectionchange` event, so keys pressed before it arrives land where the click
 * did (once a '.' went into the code block in the middle): wait until the caret is in the last
 * block, then for two frames.
 */
export async function moveToContentEnd(page: Page) {
  await content(page).click();
  await page.keyboard.press('Control+End');
  await content(page).evaluate(
    (root) =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 5000;
        const check = () => {
          const focus = window.getSelection()?.focusNode;
          const last = root.lastElementChild;
          if (focus && last && (last === focus || last.contains(focus))) {
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          } else if (Date.now() > deadline) {
            reject(new Error('the caret did not reach the end of the content'));
          } else {
            requestAnimationFrame(check);
          }
        };
        check();
      }),
  );
}

/** Types into the rich-text field at its end. */
export async function typeContent(page: Page, text: string) {
  await moveToContentEnd(page);
  await page.keyboard.type(text);
}

/** Waits for the list (signed in, a domain selected) and its cards. */
export async function expectList(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
}

/** Narrows the list to posts matching `words` and waits for the search to reach the server. */
export async function search(page: Page, words: string) {
  const done = page.waitForResponse(
    (response) =>
      response.url().includes('/cms/blogs/all') &&
      new URL(response.url()).searchParams.get('search') === words,
  );
  await page.getByRole('searchbox', { name: 'Search blog posts' }).fill(words);
  await done;
}

/** The post form's Save, waiting for the call it makes; returns the request body and the response. */
export async function save(page: Page, method: 'POST' | 'PUT') {
  const request = page.waitForRequest(
    (candidate) => candidate.method() === method && candidate.url().includes('/cms/blogs/info'),
  );
  const response = page.waitForResponse(
    (candidate) => candidate.request().method() === method && candidate.url().includes('/cms/blogs/info'),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const sent = (await request).postDataJSON() as Record<string, unknown>;
  const answer = await response;
  return { sent, status: answer.status(), body: (await answer.json()) as Record<string, unknown> };
}

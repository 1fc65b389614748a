import type { Page } from '@playwright/test';
import { accessToken, createPost, managePost, uniqueTitle } from './support/api';
import { AUTHOR, DEMO_NAME, DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { headerTitle, signIn, signInAs } from './support/sign-in';
import { createTag } from './support/taxonomy-api';

/** PUT /cms/tags/info/{id} as the signed-in user: a rename. */
async function renameTag(page: Page, domain: string, id: string, name: string) {
  const response = await page.request.put(`/cms/tags/info/${id}`, {
    params: { domain },
    data: { tagDisplayName: name },
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens Settings from the sidebar, then its Activity tab. */
async function openActivity(page: Page) {
  await expect(headerTitle(page)).toHaveText('Example Engineering');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Activity' })
    .click();
  await expect(page).toHaveURL(/\/settings\/activity$/);
  return page.getByRole('region', { name: 'Activity', exact: true });
}

test('should show who did what in the Activity tab, filtered by kind and by person', async ({
  page,
  browser,
  baseURL,
  checkA11y,
}) => {
  test.slow();
  // Ann Author writes a draft in her own browser.
  const authorContext = await browser.newContext({ baseURL });
  const authorPage = await authorContext.newPage();
  await signInAs(authorPage, AUTHOR.email, AUTHOR.password);
  await expect(headerTitle(authorPage)).toHaveText('Example Engineering');
  const draftTitle = uniqueTitle('Ann draft');
  await createPost(authorPage, DOMAINS.blog, { title: draftTitle });
  await authorContext.close();

  // The demo admin creates and publishes a post and renames a tag.
  await signIn(page);
  await expect(headerTitle(page)).toHaveText('Example Engineering');
  const title = uniqueTitle('Audited');
  const post = await createPost(page, DOMAINS.blog, { title });
  await managePost(page, DOMAINS.blog, post.id, 'APPROVAL', true);
  await managePost(page, DOMAINS.blog, post.id, 'PUBLISH', true);
  const tagName = uniqueTitle('Tag');
  const tag = await createTag(page, DOMAINS.blog, tagName);
  await renameTag(page, DOMAINS.blog, tag.id, `${tagName} renamed`);

  const activity = await openActivity(page);
  const entries = activity.getByRole('listitem');
  await expect(entries.first()).toContainText(`${DEMO_NAME} renamed the tag '${tagName} renamed'`);
  await expect(activity.getByText(`${DEMO_NAME} published '${title}'`)).toBeVisible();
  await expect(activity.getByText(`${DEMO_NAME} approved '${title}'`)).toBeVisible();
  await expect(activity.getByText(`${DEMO_NAME} created the post '${title}'`)).toBeVisible();
  await expect(activity.getByText(`Ann Author created the post '${draftTitle}'`)).toBeVisible();
  await checkA11y('the Activity tab');

  // By kind: publishing only.
  await activity.getByLabel('Kind of change').selectOption('post.published');
  await expect(activity.getByText(`${DEMO_NAME} published '${title}'`)).toBeVisible();
  await expect(activity.getByText(`${DEMO_NAME} approved '${title}'`)).toBeHidden();
  for (const text of await entries.allInnerTexts()) expect(text).toContain(' published ');

  // By object: every tag change.
  await activity.getByLabel('Kind of change').selectOption('tag');
  await expect(entries.first()).toContainText(`renamed the tag '${tagName} renamed'`);
  await expect(activity.getByText(`${DEMO_NAME} created the tag '${tagName}'`)).toBeVisible();
  await expect(activity.getByText(`published '${title}'`)).toBeHidden();

  // By person, with every kind: Ann's draft only, none of the demo's changes.
  await activity.getByLabel('Kind of change').selectOption('');
  await activity.getByLabel('Person').selectOption(AUTHOR.email);
  await expect(activity.getByText(`Ann Author created the post '${draftTitle}'`)).toBeVisible();
  await expect(activity.getByText(`${DEMO_NAME} published '${title}'`)).toBeHidden();
  for (const text of await entries.allInnerTexts()) expect(text).toContain('Ann Author');
  await checkA11y('the Activity tab, filtered');

  // An author never changes webhooks: the empty state says why.
  await activity.getByLabel('Kind of change').selectOption('webhook');
  await expect(activity.getByText('Nothing matches these filters')).toBeVisible();
});

import { createPost, getPost, managePost, uniqueTitle } from './support/api';
import { card, expectList, search } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signIn } from './support/sign-in';

// Scheduled publishing (issue 21): an editor schedules an approved post through the card's dialog,
// in the browser's own time zone, and the card turns published by itself when the server's worker
// publishes it, with no reload of the page.
test.describe('scheduled publishing', () => {
  // Not UTC, and not a whole-hour offset: the dialog's times must be the browser's local ones.
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('should schedule an approved post and see its card become published without a reload', async ({
    page,
    checkA11y,
  }) => {
    // The picker has minutes; the next whole minute is up to a minute away.
    test.setTimeout(150_000);
    await signIn(page);
    await expectList(page);
    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Scheduled') });
    await managePost(page, DOMAINS.blog, post.id, 'APPROVAL', true);
    await search(page, post.title);
    const item = card(page, post.title);
    const action = (name: string) => item.getByRole('button', { name, exact: true });
    await expect(item.getByText('Approved', { exact: true })).toBeVisible();

    // Keyboard only: focus "Schedule…" and open the dialog with Enter.
    await action('Schedule…').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Schedule publishing' });
    await expect(dialog).toBeVisible();
    // Chromium's ICU names the zone by its older canonical id.
    await expect(dialog.getByText(/^Time zone: /)).toHaveText(
      /^Time zone: India Standard Time \(Asia\/(Kolkata|Calcutta)\)$/,
    );
    const date = dialog.getByLabel('Date');
    const time = dialog.getByLabel('Time');
    await expect(date).toBeFocused();
    await checkA11y('the schedule dialog');

    // A time in the past is refused in the dialog.
    const past = await page.evaluate(() => {
      const at = new Date(Date.now() - 3600_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
        time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
      };
    });
    await date.fill(past.date);
    await time.fill(past.time);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a time in the future.');
    await checkA11y('the schedule dialog with its error');

    // The next whole minute at least 5 s away, in the browser's local time (Asia/Kolkata).
    const next = await page.evaluate(() => {
      const at = new Date(Date.now() + 5_000);
      at.setSeconds(0, 0);
      at.setMinutes(at.getMinutes() + 1);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        iso: at.toISOString(),
        date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
        time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
      };
    });
    await date.fill(next.date);
    await time.fill(next.time);
    await time.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(item.getByText(/^Scheduled for /)).toBeVisible();
    await expect(action('Cancel schedule')).toBeVisible();
    expect((await getPost(page, DOMAINS.blog, post.id)).post.scheduledFor).toBe(next.iso);
    await checkA11y('a scheduled card');

    // No reload: the list polls while the schedule is near, and the worker publishes on time.
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    await expect(item.getByText('Published', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(item.getByText(/^Scheduled for /)).toHaveCount(0);
    await expect(action('Unpublish')).toBeVisible();
    expect(reloaded).toBe(false);
    const { post: published } = await getPost(page, DOMAINS.blog, post.id);
    expect(published).toMatchObject({ published: true, scheduledFor: null });
    expect(Date.parse(published.lastModifiedDate)).toBeGreaterThanOrEqual(Date.parse(next.iso));
  });

  test('should cancel a schedule from the card', async ({ page }) => {
    await signIn(page);
    await expectList(page);
    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Unscheduled') });
    await managePost(page, DOMAINS.blog, post.id, 'APPROVAL', true);
    await search(page, post.title);
    const item = card(page, post.title);
    await item.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule publishing' });
    // The dialog offers a time an hour or so ahead; take it.
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(item.getByText(/^Scheduled for /)).toBeVisible();
    await item.getByRole('button', { name: 'Cancel schedule' }).click();
    await expect(page.getByText('The schedule is cancelled; the post is still approved.')).toBeVisible();
    await expect(item.getByText(/^Scheduled for /)).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Schedule…' })).toBeVisible();
    expect((await getPost(page, DOMAINS.blog, post.id)).post.scheduledFor).toBeNull();
  });
});

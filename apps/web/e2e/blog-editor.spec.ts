import { blogSlug } from '@masthead/contract/slug';
import type { Page } from '@playwright/test';
import { uniqueTitle } from './support/api';
import {
  card,
  content,
  editorHeading,
  expectList,
  moveToContentEnd,
  save,
  toolbar,
  typeContent,
} from './support/blog-pages';
import { expect, test } from './support/fixtures';
import { signIn } from './support/sign-in';

/**
 * The HTML as the browser reads it, written out one way: each element with its attributes sorted and
 * its style as the browser normalises it, and each text node. Two serialisations of the same
 * document give the same string; a dropped element, attribute, style or character does not.
 */
function canonicalHtml(page: Page, html: string): Promise<string> {
  return page.evaluate((markup) => {
    const write = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
      if (!(node instanceof HTMLElement)) return '';
      const attributes = Array.from(node.attributes)
        .map(
          (attribute) =>
            `${attribute.name}=${attribute.name === 'style' ? node.style.cssText : attribute.value}`,
        )
        .sort();
      return `<${node.tagName} ${attributes.join(' ')}>${Array.from(node.childNodes).map(write).join('')}</>`;
    };
    const body = new DOMParser().parseFromString(markup, 'text/html').body;
    return Array.from(body.childNodes).map(write).join('');
  }, html);
}

test.describe('blog editor', () => {
  test('should write a post with every toolbar item, save it as sent, and reopen it unchanged', async ({
    page,
    server,
    checkA11y,
  }) => {
    // About 60 steps and six axe checks: a minute when the machine is quiet.
    test.slow();
    await signIn(page);
    await expectList(page);
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    await expect(editorHeading(page, 'New')).toBeVisible();
    await expect(page).toHaveURL(/\?post=new$/);
    await expect(toolbar(page)).toBeVisible();
    await checkA11y('the new post editor');

    const title = uniqueTitle('Toolbar tour');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await expect(page.getByText(`Slug: ${blogSlug(title)}`)).toBeVisible();
    await page.getByRole('textbox', { name: 'Short description' }).fill('Every button of the toolbar, once.');

    const bar = toolbar(page);
    const press = (name: string) => bar.getByRole('button', { name, exact: true }).click();

    // Headings, each ended by Enter (which continues with a paragraph).
    await content(page).click();
    for (const level of [1, 2, 3]) {
      await press(`Heading ${level}`);
      await expect(bar.getByRole('button', { name: `Heading ${level}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.keyboard.type(`Heading level ${level}`);
      await page.keyboard.press('Enter');
    }

    // Inline formats: toggled on, typed, toggled off.
    for (const [name, word] of [
      ['Bold', 'strong'],
      ['Italic', 'slanted'],
      ['Underline', 'underlined'],
      ['Strikethrough', 'struck'],
      ['Inline code', 'snippet'],
    ] as const) {
      await press(name);
      await expect(bar.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.type(word);
      await press(name);
      await page.keyboard.type(' ');
    }
    await page.keyboard.press('Enter');

    // Lists: two items each; Enter on an empty item leaves the list.
    for (const [name, items] of [
      ['Bullet list', ['apples', 'pears']],
      ['Numbered list', ['first step', 'second step']],
    ] as const) {
      await press(name);
      await page.keyboard.type(items[0]);
      await page.keyboard.press('Enter');
      await page.keyboard.type(items[1]);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
    }

    await press('Quote');
    await page.keyboard.type('Quoted wisdom');
    await page.keyboard.press('Enter');

    // A code block with its language; two empty lines at its end leave it.
    await press('Code block');
    await page.keyboard.type('const answer = 42;');
    await bar.getByRole('combobox', { name: 'Code language' }).selectOption({ label: 'TypeScript' });
    await moveToContentEnd(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // Undo and redo one typed word.
    await page.keyboard.type('Read ');
    await page.keyboard.type('mistake');
    await expect(content(page)).toContainText('mistake');
    await press('Undo');
    await expect(content(page)).not.toContainText('mistake');
    await press('Redo');
    await expect(content(page)).toContainText('mistake');
    for (let i = 0; i < 'mistake'.length; i++) await page.keyboard.press('Backspace');

    // A link: an empty address inserts nothing, a real one inserts the text as a link.
    await press('Insert link');
    let dialog = page.getByRole('dialog', { name: 'Insert link' });
    await expect(dialog).toBeVisible();
    await checkA11y('the insert link dialog');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await expect(dialog.getByText('Enter the link address.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Link address' }).fill('https://example.com/docs');
    await dialog.getByRole('textbox', { name: 'Link text' }).fill('the docs');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await expect(dialog).toBeHidden();
    await expect(content(page).getByRole('link', { name: 'the docs' })).toHaveAttribute(
      'href',
      'https://example.com/docs',
    );
    await typeContent(page, '.');
    await page.keyboard.press('Enter');

    // An image with a caption, served by our own server so that it loads.
    const imageUrl = `${server.url}/favicon.svg`;
    await press('Insert image');
    dialog = page.getByRole('dialog', { name: 'Insert image' });
    await checkA11y('the insert image dialog');
    await dialog.getByRole('textbox', { name: 'Image address' }).fill(imageUrl);
    await dialog.getByRole('textbox', { name: 'Alt text' }).fill('The Masthead logo');
    await dialog.getByRole('textbox', { name: 'Caption' }).fill('Our logo, small');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await expect(content(page).getByRole('img', { name: 'The Masthead logo' })).toBeVisible();
    await expect(content(page)).toContainText('Our logo, small');

    await typeContent(page, 'Before the rule');
    await press('Horizontal rule');
    await expect(content(page).locator('hr')).toHaveCount(1);

    // A 2 × 2 table with a header row, filled cell by cell with Tab.
    await typeContent(page, 'Before the table');
    await press('Insert table');
    dialog = page.getByRole('dialog', { name: 'Insert table' });
    await checkA11y('the insert table dialog');
    await dialog.getByRole('spinbutton', { name: 'Rows' }).fill('2');
    await dialog.getByRole('spinbutton', { name: 'Columns' }).fill('2');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await expect(content(page).locator('table')).toHaveCount(1);
    await content(page).locator('table th').first().click();
    for (const [index, text] of ['Name', 'Value', 'alpha', 'one'].entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }

    // Tags (keyboard and mouse), the category and the required client field.
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('typesc');
    await expect(page.getByRole('option', { name: 'TypeScript' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tags.fill('TEST');
    await page.getByRole('option', { name: 'Testing' }).click();
    await expect(page.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')).toHaveText([
      /TypeScript/,
      /Testing/,
    ]);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Tutorials' });
    await page.getByRole('combobox', { name: 'Client' }).selectOption('Globex');
    await expect(page.getByRole('textbox', { name: 'Author' })).toHaveValue('Demo Editor');
    await checkA11y('the filled-in post editor');

    const created = await save(page, 'POST');
    expect(created.status).toBe(201);
    // The server's sanitiser keeps exactly what the editor exports: the same elements, attributes,
    // styles and text (it writes the same styles without spaces and void elements as <br />).
    expect(await canonicalHtml(page, String(created.body.editorHtmlContent))).toBe(
      await canonicalHtml(page, String(created.sent.editorHtmlContent)),
    );
    expect(created.body.editorState).toBe(created.sent.editorState);
    expect(created.sent.editorTextString).toContain('Quoted wisdom');
    expect(created.body).toMatchObject({
      title,
      slug: blogSlug(title),
      shortDescription: 'Every button of the toolbar, once.',
      writtenBy: 'Demo Editor',
      fields: { client: 'Globex' },
      category: { categoryDisplayName: 'Tutorials' },
    });
    expect((created.body.tags as { tagDisplayName: string }[]).map((tag) => tag.tagDisplayName)).toEqual([
      'TypeScript',
      'Testing',
    ]);

    // The stored HTML has an element for every toolbar item.
    const html = String(created.body.editorHtmlContent);
    const elements = await page.evaluate((markup) => {
      const doc = new DOMParser().parseFromString(markup, 'text/html');
      const text = (selector: string) =>
        Array.from(doc.querySelectorAll(selector)).map((node) => node.textContent);
      return {
        headings: [text('h1'), text('h2'), text('h3')],
        bold: text('b > strong'),
        italic: text('i > em'),
        underline: Array.from(doc.querySelectorAll('span, u'))
          .filter(
            (node) =>
              node.tagName === 'U' || (node as HTMLElement).style.textDecoration.includes('underline'),
          )
          .map((node) => node.textContent),
        strike: Array.from(doc.querySelectorAll('span, s'))
          .filter(
            (node) =>
              node.tagName === 'S' || (node as HTMLElement).style.textDecoration.includes('line-through'),
          )
          .map((node) => node.textContent),
        code: text('p code'),
        bullets: text('ul > li'),
        numbers: text('ol > li'),
        quote: text('blockquote'),
        pre: [doc.querySelector('pre')?.getAttribute('data-language'), doc.querySelector('pre')?.textContent],
        link: [doc.querySelector('a')?.getAttribute('href'), doc.querySelector('a')?.textContent],
        image: [
          doc.querySelector('figure img')?.getAttribute('src'),
          doc.querySelector('figure img')?.getAttribute('alt'),
          (doc.querySelector('figure img') as HTMLElement | null)?.style.maxWidth,
          doc.querySelector('figure figcaption')?.textContent,
        ],
        rules: doc.querySelectorAll('hr').length,
        cells: text('table th, table td'),
      };
    }, html);
    expect(elements).toEqual({
      headings: [['Heading level 1'], ['Heading level 2'], ['Heading level 3']],
      bold: ['strong'],
      italic: ['slanted'],
      underline: ['underlined'],
      strike: ['struck'],
      code: ['snippet'],
      bullets: ['apples', 'pears'],
      numbers: ['first step', 'second step'],
      quote: ['Quoted wisdom'],
      pre: ['typescript', 'const answer = 42;'],
      link: ['https://example.com/docs', 'the docs'],
      image: [imageUrl, 'The Masthead logo', '500px', 'Our logo, small'],
      rules: 1,
      cells: ['Name', 'Value', 'alpha', 'one'],
    });

    // Saved: the toast, the list, and the card.
    await expect(page.getByText('Successfully Created')).toBeVisible();
    await expect(page.getByText('Blog Post has been created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const saved = card(page, title);
    await expect(saved.getByText('Tutorials')).toBeVisible();
    await expect(saved.getByRole('list', { name: 'Tags' })).toContainText('TypeScript');

    // Reopened: the same content, restored exactly from the editor state.
    await saved.getByRole('button', { name: 'Edit' }).click();
    await expect(editorHeading(page, 'Edit')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?post=${created.body.id}$`));
    await expect(content(page).getByRole('heading', { level: 2, name: 'Heading level 2' })).toBeVisible();
    await expect(content(page).getByRole('img', { name: 'The Masthead logo' })).toBeVisible();
    await expect(content(page).locator('table td')).toHaveText(['alpha', 'one']);
    await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue('Globex');
    await checkA11y('the edit post editor');

    // A save without changes sends back the very same state, with the version it was loaded at.
    const resaved = await save(page, 'PUT');
    expect(resaved.status).toBe(200);
    expect(resaved.sent.editorState).toBe(created.body.editorState);
    expect(resaved.sent.editorHtmlContent).toBe(created.body.editorHtmlContent);
    await expect(page.getByText('Blog Post has been updated successfully')).toBeVisible();
  });

  test('should show the required message under each missing field, focus the first, and send nothing', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page);
    await expectList(page);
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    await expect(toolbar(page)).toBeVisible();
    await page.getByRole('textbox', { name: 'Author' }).fill('');

    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/cms/')) writes.push(request.url());
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    for (const name of ['Title', 'Author']) {
      const field = page.getByRole('textbox', { name });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/This field is required/);
    }
    await expect(page.getByRole('combobox', { name: 'Client' })).toHaveAccessibleDescription(
      /This field is required/,
    );
    await expect(content(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required')).toHaveCount(4);
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await checkA11y('the post editor with its required messages');

    // Fixing a field clears its message.
    await page.getByRole('textbox', { name: 'Title' }).fill('Now with a title');
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await page.waitForTimeout(300);
    expect(writes).toEqual([]);
  });

  test('should turn Markdown typed into the content into formatting, and save with Ctrl+S', async ({
    page,
  }) => {
    await signIn(page);
    await expectList(page);
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    await expect(toolbar(page)).toBeVisible();
    const title = uniqueTitle('Markdown');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('combobox', { name: 'Client' }).selectOption('Acme Corp');

    await content(page).click();
    for (const line of [
      '## A second-level heading',
      '- a bullet',
      '',
      '1. a numbered item',
      '',
      '> a quotation',
      '',
      'Some **bold** and *italic* and `code` and ~~gone~~ words.',
      '---',
      '```',
    ]) {
      await page.keyboard.type(line);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.type('let shortcut = true;');

    const editor = content(page);
    await expect(editor.getByRole('heading', { level: 2, name: 'A second-level heading' })).toBeVisible();
    await expect(editor.locator('ul > li')).toHaveText(['a bullet']);
    await expect(editor.locator('ol > li')).toHaveText(['a numbered item']);
    await expect(editor.locator('blockquote')).toHaveText('a quotation');
    await expect(editor.locator('strong')).toHaveText('bold');
    await expect(editor.locator('em')).toHaveText('italic');
    await expect(editor.locator('p code')).toHaveText('code');
    await expect(editor.locator('hr')).toHaveCount(1);
    await expect(editor.locator('code.editor-code, pre, [data-language]').last()).toContainText(
      'let shortcut',
    );

    // Ctrl+S saves from inside the rich-text field.
    const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/cms/blogs/info'));
    await page.keyboard.press('Control+s');
    expect((await request).postDataJSON()).toMatchObject({ title });
    await expect(page.getByText('Blog Post has been created successfully')).toBeVisible();
  });
});

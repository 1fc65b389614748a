import type { TagRef } from '@masthead/contract';
import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TagPicker, matchingTags } from '../components/tag-picker.js';
import { TAGS, setupUser, JOURNEY_TIMEOUT } from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));

const ref = (name: string): TagRef => {
  const tag = TAGS.find((candidate) => candidate.tagDisplayName === name)!;
  return { id: tag.id, tag: tag.tag, tagDisplayName: tag.tagDisplayName };
};

function Harness({ initial = [], onSubmit }: { initial?: TagRef[]; onSubmit?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form onSubmit={onSubmit}>
      <label htmlFor="tags">
        <span id="tags-label">Tags</span>
      </label>
      <TagPicker id="tags" labelId="tags-label" options={TAGS} value={value} onChange={setValue} />
      <output data-testid="value">{value.map((tag) => tag.tagDisplayName).join(',')}</output>
    </form>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Tags' });
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);
const chosen = () => screen.getByTestId('value').textContent;

describe('TagPicker', JOURNEY_TIMEOUT, () => {
  it('should filter on the display name ignoring case', async () => {
    const user = setupUser();
    render(<Harness />);

    await user.type(combobox(), 'SCRIPT');

    expect(optionNames()).toEqual(['JavaScript', 'TypeScript']);
    expect(matchingTags(TAGS, [], 'rEa').map((tag) => tag.tagDisplayName)).toEqual(['React']);
  });

  it('should follow the ARIA 1.2 combobox pattern', async () => {
    const user = setupUser();
    render(<Harness />);
    const input = combobox();
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(listbox).not.toBeVisible();

    await user.click(input);
    await user.keyboard('{ArrowDown}');

    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Tags' })).toBeVisible();
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(input).toHaveFocus();
  });

  it('should move with the arrows (wrapping), pick with Enter and not offer a chosen tag again', async () => {
    const user = setupUser();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(<Harness onSubmit={onSubmit as never} />);
    await user.click(combobox());

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('React');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('TypeScript');
    await user.keyboard('{Enter}');

    expect(chosen()).toBe('TypeScript');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(combobox(), 'script');
    expect(optionNames()).toEqual(['JavaScript']);
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('TypeScript,JavaScript');
    expect(combobox()).toHaveValue('');
  });

  it('should close on Escape and keep what was chosen', async () => {
    const user = setupUser();
    render(<Harness initial={[ref('Rust')]} />);
    await user.type(combobox(), 'r');
    expect(optionNames()).toEqual(['JavaScript', 'React', 'TypeScript']);

    await user.keyboard('{Escape}');

    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(combobox()).toHaveValue('r');
    expect(chosen()).toBe('Rust');
    await user.keyboard('{Escape}');
    expect(combobox()).toHaveValue('');
  });

  it('should remove the last chip with Backspace in an empty input only', async () => {
    const user = setupUser();
    render(<Harness initial={[ref('Rust'), ref('React')]} />);

    await user.type(combobox(), 'x{Backspace}');
    expect(chosen()).toBe('Rust,React');
    await user.keyboard('{Backspace}');
    expect(chosen()).toBe('Rust');
    await user.keyboard('{Backspace}{Backspace}');
    expect(chosen()).toBe('');
  });

  it('should remove a chip with its named button and give the focus back to the input', async () => {
    const user = setupUser();
    render(<Harness initial={[ref('TypeScript'), ref('React')]} />);
    const chips = within(screen.getByRole('list', { name: 'Chosen tags' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.firstChild?.textContent)).toEqual(['TypeScript', 'React']);

    await user.click(screen.getByRole('button', { name: 'Remove tag TypeScript' }));

    expect(chosen()).toBe('React');
    expect(screen.queryByRole('button', { name: 'Remove tag TypeScript' })).not.toBeInTheDocument();
    expect(combobox()).toHaveFocus();
  });

  it('should pick with the mouse', async () => {
    const user = setupUser();
    render(<Harness />);

    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: 'Rust' }));

    expect(chosen()).toBe('Rust');
    expect(combobox()).toHaveFocus();
    expect(optionNames()).toEqual(['JavaScript', 'React', 'TypeScript']);
  });

  it('should say "No matching tags" when nothing matches', async () => {
    const user = setupUser();
    render(<Harness />);

    await user.type(combobox(), 'zzz');

    expect(screen.getByText('No matching tags')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('');
  });
});

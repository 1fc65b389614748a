import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../pagination.js';

type Props = Parameters<typeof Pagination>[0];

function renderPager(props: Partial<Props> = {}) {
  const onPageChange = vi.fn();
  render(
    <Pagination
      page={0}
      totalPages={600}
      pageSize={20}
      totalEntries={12_000}
      onPageChange={onPageChange}
      {...props}
    />,
  );
  const pager = screen.getByRole('navigation', { name: 'Pagination' });
  const numbered = () =>
    within(pager)
      .getAllByRole('button', { name: /^Page / })
      .map((button) => button.textContent);
  return { pager, numbered, onPageChange };
}

describe('Pagination', () => {
  it("should keep the spec's exact line and offer the last page when the total is exact", () => {
    const { pager, numbered } = renderPager({ totalIsEstimate: false });
    expect(within(pager).getByText('Showing 1 to 20 of 12000 results')).toBeInTheDocument();
    expect(numbered()).toEqual(['1', '2', '600']);
    expect(within(pager).getByText('…')).toBeInTheDocument();
  });

  it('should say "about" and offer no last page when the total is an estimate', async () => {
    const { pager, numbered, onPageChange } = renderPager({ totalIsEstimate: true, entriesOnPage: 20 });
    expect(within(pager).getByText('Showing 1 to 20 of about 12,000 results')).toBeInTheDocument();
    expect(numbered()).toEqual(['1', '2']);
    expect(within(pager).queryByText('…')).not.toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('should number only the pages up to the next one, deep in an estimated result', () => {
    const { pager, numbered } = renderPager({ page: 300, totalIsEstimate: true, entriesOnPage: 20 });
    expect(within(pager).getByText('Showing 6,001 to 6,020 of about 12,000 results')).toBeInTheDocument();
    expect(numbered()).toEqual(['1', '300', '301', '302']);
    expect(within(pager).getAllByText('…')).toHaveLength(1);
  });

  it('should keep Next while the page is full, even past the estimated last page, and stop at a short page', () => {
    const { pager, numbered } = renderPager({ page: 600, totalIsEstimate: true, entriesOnPage: 20 });
    expect(within(pager).getByText('Showing 12,001 to 12,020 of about 12,020 results')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(numbered().at(-1)).toBe('602');
  });

  it('should disable Next on a short page of an estimated result', () => {
    const { pager, numbered } = renderPager({ page: 3, totalIsEstimate: true, entriesOnPage: 7 });
    expect(within(pager).getByText('Showing 61 to 67 of about 12,000 results')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(numbered()).toEqual(['1', '2', '3', '4']);
  });
});

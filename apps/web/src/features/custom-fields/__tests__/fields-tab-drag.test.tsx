import type { ColumnDef } from '@masthead/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import FieldsTab from '../fields-tab.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

const text = (key: string, label: string): ColumnDef => ({ key, label, type: 'text', required: false });

beforeEach(() => {
  const api = stubApi({
    'GET /cms/column/def/all': () =>
      jsonResponse(200, [text('first', 'First'), text('second', 'Second'), text('third', 'Third')]),
  });
  vi.stubGlobal('fetch', api.fetchStub);
});
afterEach(() => vi.unstubAllGlobals());

const labels = () =>
  screen.getAllByRole('textbox', { name: 'Label' }).map((input) => (input as HTMLInputElement).value);

/** A drag of row `from`'s grip dropped on row `to`, as the browser's native drag and drop sends it. */
function drag(from: number, to: number) {
  const rows = document.querySelectorAll('.field-row');
  const dataTransfer = { effectAllowed: '', setData: vi.fn(), getData: vi.fn() };
  fireEvent.dragStart(rows[from]!.querySelector('.field-row__grip')!, { dataTransfer });
  fireEvent.dragOver(rows[to]!, { dataTransfer });
  fireEvent.drop(rows[to]!, { dataTransfer });
}

describe('FieldsTab drag and drop', () => {
  it('should move the dragged row to where it is dropped, up and down', async () => {
    renderWithProviders(<FieldsTab domain="blog.example.com" />);
    await waitFor(() => expect(labels()).toEqual(['First', 'Second', 'Third']));
    drag(2, 0);
    expect(labels()).toEqual(['Third', 'First', 'Second']);
    drag(0, 2);
    expect(labels()).toEqual(['First', 'Second', 'Third']);
    drag(1, 2);
    expect(labels()).toEqual(['First', 'Third', 'Second']);
  });

  it('should ignore a drop that no drag of a row started (a file or text from elsewhere)', async () => {
    renderWithProviders(<FieldsTab domain="blog.example.com" />);
    await waitFor(() => expect(labels()).toEqual(['First', 'Second', 'Third']));
    fireEvent.drop(document.querySelectorAll('.field-row')[0]!);
    expect(labels()).toEqual(['First', 'Second', 'Third']);
  });
});

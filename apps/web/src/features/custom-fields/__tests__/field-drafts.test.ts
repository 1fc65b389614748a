import { describe, expect, it } from 'vitest';
import { defsOf, draftOf, heldValues, moved, newDraft, problemsByRow } from '../field-drafts.js';

describe('custom field drafts', () => {
  it('should send options and filterable only for a select', () => {
    const select = { ...newDraft(), key: 'client', label: ' Client ', type: 'select' as const };
    const text = { ...newDraft(), key: 'note', label: 'Note', filterable: true, optionsText: 'a' };
    expect(defsOf([{ ...select, optionsText: 'Acme\n\n Globex \n', filterable: true }, text])).toEqual([
      {
        key: 'client',
        label: 'Client',
        type: 'select',
        required: false,
        filterable: true,
        options: ['Acme', 'Globex'],
      },
      { key: 'note', label: 'Note', type: 'text', required: false, filterable: false },
    ]);
  });

  it('should round-trip a saved definition', () => {
    const def = {
      key: 'client',
      label: 'Client',
      type: 'select' as const,
      required: true,
      options: ['A'],
      filterable: true,
    };
    expect(defsOf([draftOf(def)])).toEqual([def]);
  });

  it('should move an item and ignore moves past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it("should file the server's lines under their rows", () => {
    const { rows, general } = problemsByRow([
      'field 2 "client": a select field needs a non-empty "options" list',
      'field 1: key: is missing',
      'must hold a JSON array of field definitions',
    ]);
    expect(rows.get(1)).toEqual(['a select field needs a non-empty "options" list']);
    expect(rows.get(0)).toEqual(['key: is missing']);
    expect(general).toEqual(['must hold a JSON array of field definitions']);
  });

  it('should read the counts of a 409', () => {
    expect(
      heldValues([
        'client: 12 posts hold a value of this field',
        'note: 1 post holds a value of this field',
        'big: a million posts or more hold a value of this field',
      ]),
    ).toEqual([
      { key: 'client', count: 12 },
      { key: 'note', count: 1 },
      { key: 'big', count: null },
    ]);
  });
});

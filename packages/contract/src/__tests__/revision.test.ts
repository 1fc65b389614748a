import { describe, expect, it } from 'vitest';
import { revisionSummary } from '../revision.js';

describe('revisionSummary', () => {
  const save = (changes: Parameters<typeof revisionSummary>[0]['changes'], added = 0, removed = 0) => ({
    kind: 'updated' as const,
    changes,
    tagsAdded: added,
    tagsRemoved: removed,
  });

  it('should name the changed parts in order, counting the tags added and removed', () => {
    expect(revisionSummary(save(['title', 'content', 'tags'], 2))).toBe('title, content, 2 tags added');
    expect(revisionSummary(save(['tags'], 1, 1))).toBe('1 tag added, 1 tag removed');
    expect(revisionSummary(save(['tags']))).toBe('tags reordered');
    expect(revisionSummary(save(['shortDescription', 'featureImageUrl', 'writtenBy']))).toBe(
      'description, feature image, author',
    );
  });

  it('should say what a creation, a restore, a baseline and a workflow event are', () => {
    expect(revisionSummary({ ...save([]), kind: 'created' })).toBe('created');
    expect(revisionSummary({ ...save(['title']), kind: 'restored' })).toBe('restored: title');
    expect(revisionSummary({ ...save([]), kind: 'baseline' })).toBe('as it was before history was kept');
    expect(revisionSummary({ ...save([]), kind: 'published' })).toBe('published');
  });
});

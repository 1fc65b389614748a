import type { ColumnDef } from '@masthead/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { contentIsEmpty, type EditorContent } from '../../../../editor/editor-content.js';
import { sameValues, type FieldFormValue, type PostFormValues } from '../post-form-values.js';
import { validateField, validatePost, type FieldKey } from '../validate-post.js';

export type FieldErrors = Partial<Record<FieldKey, string>>;

/**
 * The rich-text component reads its content only when it mounts; `key` changes whenever the form's
 * content is replaced from outside (a restored draft, a reloaded post) so that it mounts again.
 */
export interface EditorSeed {
  key: number;
  content: EditorContent;
}

/**
 * The form's values, compared with `baseline` (what was loaded or what a new post starts with) to
 * know whether anything is unsaved, and its validation messages.
 */
export function usePostForm(initial: PostFormValues, defs: ColumnDef[]) {
  const [values, setValues] = useState(initial);
  const [baseline, setBaseline] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [seed, setSeed] = useState<EditorSeed>({ key: 0, content: initial.content });
  // The latest values, so that several changes in one event build on each other.
  const valuesRef = useRef(initial);
  const defsRef = useRef(defs);
  defsRef.current = defs;

  const commit = useCallback((next: PostFormValues) => {
    valuesRef.current = next;
    setValues(next);
    // A message goes as soon as its field is fixed; new messages appear only when saving.
    setErrors((current) => {
      const fixed = (Object.keys(current) as FieldKey[]).filter(
        (field) => !validateField(field, next, defsRef.current, contentIsEmpty(next.content)),
      );
      if (fixed.length === 0) return current;
      const remaining = { ...current };
      for (const field of fixed) delete remaining[field];
      return remaining;
    });
  }, []);

  const update = useCallback(
    (patch: Partial<PostFormValues>) => commit({ ...valuesRef.current, ...patch }),
    [commit],
  );

  const setField = useCallback(
    (key: string, value: FieldFormValue) =>
      commit({ ...valuesRef.current, fields: { ...valuesRef.current.fields, [key]: value } }),
    [commit],
  );

  /** Shows every problem and returns the first field at fault, or null when the post can be sent. */
  const validate = useCallback((): FieldKey | null => {
    const current = valuesRef.current;
    const problems = validatePost(current, defsRef.current, contentIsEmpty(current.content));
    setErrors(Object.fromEntries(problems.map(({ field, message }) => [field, message])));
    return problems[0]?.field ?? null;
  }, []);

  /** Replaces the whole form (and the rich-text content); `asLoaded` also makes it the new baseline. */
  const replace = useCallback((next: PostFormValues, { asLoaded }: { asLoaded: boolean }) => {
    valuesRef.current = next;
    setValues(next);
    if (asLoaded) setBaseline(next);
    setErrors({});
    setSeed((current) => ({ key: current.key + 1, content: next.content }));
  }, []);

  /**
   * The server has stored `sent` and the editor stays open (a preview asked for it): those values
   * are the new baseline. What was typed meanwhile stays, and stays unsaved; the rich-text content
   * is not mounted again, so the caret stays where it is.
   */
  const markSaved = useCallback((sent: PostFormValues) => setBaseline(sent), []);

  /** The values as of the last change, for code that runs after an await (saving). */
  const getValues = useCallback(() => valuesRef.current, []);

  const dirty = useMemo(() => !sameValues(values, baseline), [values, baseline]);

  return { values, baseline, errors, seed, dirty, update, setField, validate, replace, markSaved, getValues };
}

export type PostForm = ReturnType<typeof usePostForm>;

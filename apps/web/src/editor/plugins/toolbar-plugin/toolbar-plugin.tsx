import { $isCodeNode } from '@lexical/code';
import { INSERT_HORIZONTAL_RULE_COMMAND } from '@lexical/extension';
import {
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNodeByKey, FORMAT_TEXT_COMMAND, REDO_COMMAND, UNDO_COMMAND, type TextFormatType } from 'lexical';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { $toggleCodeBlock, $toggleHeading, $toggleQuote } from './block-format.js';
import { CODE_LANGUAGES } from './code-languages.js';
import { useInsertDialogs } from './insert-dialogs.js';
import * as Icons from './toolbar-icons.js';
import { useRovingTabIndex } from './use-roving-tab-index.js';
import { useToolbarState } from './use-toolbar-state.js';
import './toolbar.css';

interface ToolbarItem {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Set for toggles, which expose their state as aria-pressed. */
  pressed?: boolean;
  disabled?: boolean;
  shortcut?: string;
}

const IS_APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const MOD = IS_APPLE ? '⌘' : 'Ctrl+';

// Keeps the editor's selection (and focus) when a toolbar control is clicked.
const keepEditorSelection = (event: MouseEvent) => event.preventDefault();

/** The editor's formatting toolbar: one tab stop, arrow keys between controls (WAI-ARIA toolbar). */
export function ToolbarPlugin({ editorId }: { editorId: string }) {
  const [editor] = useLexicalComposerContext();
  const { t } = useTranslation();
  const state = useToolbarState();
  const dialogs = useInsertDialogs();

  const format = (type: TextFormatType) => () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
  const update = (fn: () => void) => () => editor.update(fn);
  const heading = (tag: 'h1' | 'h2' | 'h3') => update(() => $toggleHeading(tag, state.blockType === tag));
  const list = (type: 'bullet' | 'number') => () =>
    editor.dispatchCommand(
      state.blockType === type
        ? REMOVE_LIST_COMMAND
        : type === 'bullet'
          ? INSERT_UNORDERED_LIST_COMMAND
          : INSERT_ORDERED_LIST_COMMAND,
      undefined,
    );
  const setCodeLanguage = (language: string) =>
    editor.update(() => {
      const node = state.codeNodeKey === null ? null : $getNodeByKey(state.codeNodeKey);
      if ($isCodeNode(node)) node.setLanguage(language);
    });

  const groups: ToolbarItem[][] = [
    [
      {
        key: 'undo',
        label: t('editor.toolbar.undo'),
        icon: <Icons.UndoIcon />,
        onClick: () => editor.dispatchCommand(UNDO_COMMAND, undefined),
        disabled: !state.canUndo,
        shortcut: `${MOD}Z`,
      },
      {
        key: 'redo',
        label: t('editor.toolbar.redo'),
        icon: <Icons.RedoIcon />,
        onClick: () => editor.dispatchCommand(REDO_COMMAND, undefined),
        disabled: !state.canRedo,
        shortcut: IS_APPLE ? '⇧⌘Z' : 'Ctrl+Y',
      },
    ],
    [
      {
        key: 'h1',
        label: t('editor.toolbar.heading1'),
        icon: <Icons.Heading1Icon />,
        onClick: heading('h1'),
      },
      {
        key: 'h2',
        label: t('editor.toolbar.heading2'),
        icon: <Icons.Heading2Icon />,
        onClick: heading('h2'),
      },
      {
        key: 'h3',
        label: t('editor.toolbar.heading3'),
        icon: <Icons.Heading3Icon />,
        onClick: heading('h3'),
      },
    ].map((item) => ({ ...item, pressed: state.blockType === item.key })),
    [
      { key: 'bold', label: t('editor.toolbar.bold'), icon: <Icons.BoldIcon />, shortcut: `${MOD}B` },
      { key: 'italic', label: t('editor.toolbar.italic'), icon: <Icons.ItalicIcon />, shortcut: `${MOD}I` },
      {
        key: 'underline',
        label: t('editor.toolbar.underline'),
        icon: <Icons.UnderlineIcon />,
        shortcut: `${MOD}U`,
      },
      { key: 'strikethrough', label: t('editor.toolbar.strikethrough'), icon: <Icons.StrikethroughIcon /> },
      { key: 'code', label: t('editor.toolbar.inlineCode'), icon: <Icons.InlineCodeIcon /> },
    ].map((item) => {
      const type = item.key as 'bold' | 'italic' | 'underline' | 'strikethrough' | 'code';
      return { ...item, pressed: state[type], onClick: format(type) };
    }),
    [
      {
        key: 'bullet',
        label: t('editor.toolbar.bulletList'),
        icon: <Icons.BulletListIcon />,
        onClick: list('bullet'),
        pressed: state.blockType === 'bullet',
      },
      {
        key: 'number',
        label: t('editor.toolbar.numberedList'),
        icon: <Icons.NumberedListIcon />,
        onClick: list('number'),
        pressed: state.blockType === 'number',
      },
      {
        key: 'quote',
        label: t('editor.toolbar.quote'),
        icon: <Icons.QuoteIcon />,
        onClick: update(() => $toggleQuote(state.blockType === 'quote')),
        pressed: state.blockType === 'quote',
      },
      {
        key: 'codeBlock',
        label: t('editor.toolbar.codeBlock'),
        icon: <Icons.CodeBlockIcon />,
        onClick: update(() => $toggleCodeBlock(state.blockType === 'code')),
        pressed: state.blockType === 'code',
      },
    ],
    [
      {
        key: 'link',
        label: t('editor.toolbar.insertLink'),
        icon: <Icons.LinkIcon />,
        onClick: () => dialogs.open('link'),
      },
      {
        key: 'image',
        label: t('editor.toolbar.insertImage'),
        icon: <Icons.ImageIcon />,
        onClick: () => dialogs.open('image'),
      },
      {
        key: 'table',
        label: t('editor.toolbar.insertTable'),
        icon: <Icons.TableIcon />,
        onClick: () => dialogs.open('table'),
        disabled: state.inTable,
      },
      {
        key: 'hr',
        label: t('editor.toolbar.horizontalRule'),
        icon: <Icons.HorizontalRuleIcon />,
        onClick: () => editor.dispatchCommand(INSERT_HORIZONTAL_RULE_COMMAND, undefined),
      },
    ],
  ];

  const inCode = state.blockType === 'code';
  const focusOrder = groups.flatMap((group) =>
    group.flatMap((item) => {
      if (item.disabled) return [];
      return item.key === 'codeBlock' && inCode ? [item.key, 'language'] : [item.key];
    }),
  );
  const roving = useRovingTabIndex(focusOrder);
  const languages = CODE_LANGUAGES.some(({ value }) => value === state.codeLanguage)
    ? CODE_LANGUAGES
    : // A language from elsewhere (Markdown, the API) stays selectable under its own name.
      [...CODE_LANGUAGES, { value: state.codeLanguage, name: state.codeLanguage }].filter(
        ({ value }) => value,
      );

  return (
    <>
      <div
        className="editor-toolbar"
        role="toolbar"
        aria-label={t('editor.toolbar.label')}
        aria-controls={editorId}
        onKeyDown={roving.onKeyDown}
      >
        {groups.map((group, index) => (
          <Fragment key={group[0]?.key}>
            {index > 0 && <span className="editor-toolbar__divider" aria-hidden="true" />}
            {group.map((item) => (
              <Fragment key={item.key}>
                <button
                  type="button"
                  className="editor-toolbar__button"
                  aria-label={item.label}
                  title={
                    item.shortcut
                      ? t('editor.toolbar.withShortcut', { label: item.label, shortcut: item.shortcut })
                      : item.label
                  }
                  aria-pressed={item.pressed}
                  disabled={item.disabled}
                  onMouseDown={keepEditorSelection}
                  onClick={item.onClick}
                  {...roving.itemProps(item.key)}
                >
                  {item.icon}
                </button>
                {item.key === 'codeBlock' && inCode && (
                  <select
                    className="editor-toolbar__select"
                    aria-label={t('editor.toolbar.codeLanguage')}
                    title={t('editor.toolbar.codeLanguage')}
                    value={state.codeLanguage}
                    onChange={(event) => setCodeLanguage(event.target.value)}
                    {...roving.itemProps('language')}
                  >
                    <option value="">{t('editor.toolbar.plainText')}</option>
                    {languages.map(({ value, name }) => (
                      <option key={value} value={value}>
                        {name}
                      </option>
                    ))}
                  </select>
                )}
              </Fragment>
            ))}
          </Fragment>
        ))}
      </div>
      {dialogs.element}
    </>
  );
}

import {
  $createHorizontalRuleNode,
  $isHorizontalRuleNode,
  HorizontalRuleNode,
  INSERT_HORIZONTAL_RULE_COMMAND,
} from '@lexical/extension';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import {
  $createNodeSelection,
  $getNearestNodeFromDOMNode,
  $getSelection,
  $isNodeSelection,
  $setSelection,
  CLICK_COMMAND,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_LOW,
  type NodeKey,
} from 'lexical';
import { useEffect } from 'react';
import { editorTheme } from '../../editor-theme.js';

/**
 * Inserting and selecting horizontal rules. @lexical/extension's HorizontalRuleNode (the class the demo
 * content uses) draws the <hr> itself; its behaviour lives in HorizontalRuleExtension, which a
 * LexicalComposer editor does not load, so the command and the click-to-select are registered here.
 */
export function HorizontalRulePlugin(): null {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    const rules = new Set<NodeKey>();
    const selectedClass = editorTheme.hrSelected ?? 'selected';
    return mergeRegister(
      editor.registerCommand(
        INSERT_HORIZONTAL_RULE_COMMAND,
        () => {
          $insertNodeToNearestRoot($createHorizontalRuleNode());
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          const node = event.target instanceof Node ? $getNearestNodeFromDOMNode(event.target) : null;
          if (!$isHorizontalRuleNode(node)) return false;
          const selection = $createNodeSelection();
          selection.add(node.getKey());
          $setSelection(selection);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerMutationListener(HorizontalRuleNode, (mutations) => {
        for (const [key, mutation] of mutations) {
          if (mutation === 'destroyed') rules.delete(key);
          else rules.add(key);
        }
      }),
      // A selected rule gets an outline, so the author sees what Backspace or Delete will remove.
      editor.registerUpdateListener(({ editorState }) => {
        const selected = editorState.read(() => {
          const selection = $getSelection();
          return new Set(
            $isNodeSelection(selection) ? selection.getNodes().map((node) => node.getKey()) : [],
          );
        });
        for (const key of rules)
          editor.getElementByKey(key)?.classList.toggle(selectedClass, selected.has(key));
      }),
    );
  }, [editor]);
  return null;
}

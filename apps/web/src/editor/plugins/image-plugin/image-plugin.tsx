import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import { COMMAND_PRIORITY_EDITOR, createCommand, type LexicalCommand } from 'lexical';
import { useEffect } from 'react';
import { $createImageNode, ImageNode, type ImagePayload } from '../../nodes/image-node.js';
import { $liftToNearestRoot } from '../../utils/lift-to-root.js';

export const INSERT_IMAGE_COMMAND: LexicalCommand<ImagePayload> = createCommand('INSERT_IMAGE_COMMAND');

/** Inserts images as blocks of their own, and keeps pasted ones out of paragraphs. */
export function ImagePlugin(): null {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          INSERT_IMAGE_COMMAND,
          (payload) => {
            $insertNodeToNearestRoot($createImageNode(payload));
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        // Pasted HTML such as <p>text<img>text</p> would otherwise put a <figure> inside a <p>.
        editor.registerNodeTransform(ImageNode, $liftToNearestRoot),
      ),
    [editor],
  );
  return null;
}
